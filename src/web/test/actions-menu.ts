import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Opens the Actions menu of a row (`of`: whose actions, "Brake Pads" or "ORD-000007"), found in `scope` (the
 * row, when several rows share the name), and returns the menu.
 */
export async function openActions(user: UserEvent, of: string, scope: HTMLElement = document.body) {
  await user.click(await within(scope).findByRole('button', { name: `Actions for ${of}` }));
  return screen.getByRole('menu', { name: `Actions for ${of}` });
}

/** Chooses an entry of a row's Actions menu by its name. */
export async function chooseAction(user: UserEvent, of: string, entry: string | RegExp, scope?: HTMLElement) {
  await user.click(within(await openActions(user, of, scope)).getByRole('menuitem', { name: entry }));
}
