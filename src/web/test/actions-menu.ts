import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens the Actions menu of a row (`of`: whose actions, "Brake Pads" or "ORD-000007") and returns its entries. */
export async function openActions(user: UserEvent, of: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${of}` }));
  return screen.getByRole('menu', { name: `Actions for ${of}` });
}

/** Chooses an entry of a row's Actions menu by its name. */
export async function chooseAction(user: UserEvent, of: string, entry: string | RegExp) {
  await openActions(user, of);
  await user.click(screen.getByRole('menuitem', { name: entry }));
}
