import { messages } from '../../../shared/messages.js';

/** The trim and engine of a vehicle or an application, "LE 1.8L I4"; "Any trim or engine" when it names neither. */
export const trimAndEngine = (item: { submodel: string; engine: string }) =>
  [item.submodel, item.engine].filter(Boolean).join(' ') || messages.ui.fitment.anyEngine;
