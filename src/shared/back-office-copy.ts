/**
 * The back office's screen text (issue 62), apart from messages.ts so that the home page's entry chunk does
 * not carry it (only the staff pages load it). Each part of the back office has its own export.
 */
import { formatQuantity } from './format.js';
import type { LeftToDo } from './left-to-do.js';

/** Manage Products' and Manage All Orders' tables: the row's actions menu, the filters toggle, the counts and columns. */
export const tablesCopy = {
  actions: 'Actions',
  /** The menu button's name, which says whose actions it opens. */
  actionsOf: (what: string) => `Actions for ${what}`,
  filters: 'Filters',
  ordersCount: (count: number) => `${formatQuantity(count)} ${count === 1 ? 'order' : 'orders'}`,
  leftToDo: (todo: LeftToDo): string => {
    switch (todo.kind) {
      case 'payment':
        return 'Awaiting payment';
      case 'ship':
        return `Ship ${formatQuantity(todo.left)} of ${formatQuantity(todo.of)} ${todo.of === 1 ? 'unit' : 'units'}`;
      case 'nothing':
        return 'Nothing';
    }
  },
  orderColumns: ['Order', 'Placed', 'Customer', 'Ship to', 'Total ($)', 'Status', 'To do', 'Action'],
  productColumns: ['Image', 'Part Number', 'Name', 'Category', 'Price ($)', 'Stock (units)', 'Status', 'Action'],
} as const;
