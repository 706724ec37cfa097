import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { choosingUi as ui, listMessages } from '../../../../shared/choosing-copy.js';
import type { CartLine } from '../../../lib/cart-store.js';
import { toast } from '../../../lib/toast.js';
import { useAuth } from '../../auth/auth-context.js';
import { useCreateList } from '../api.js';

/** The cart's parts and quantities saved as a named list, to add to the cart again in one step. */
export function SaveCartAsList({ cart }: { cart: readonly CartLine[] }) {
  const { user } = useAuth();
  const create = useCreateList();
  const [name, setName] = useState('');
  if (!user) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const list = await create.mutateAsync({ name, lines: cart.map((line) => ({ productId: Number(line.productId), quantity: line.quantity })) });
      toast.success(listMessages.saved(list.name));
      setName('');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <form className="card mt-6 flex flex-wrap items-end gap-3 p-4" onSubmit={(event) => void submit(event)}>
      <div>
        <label htmlFor="save-cart-name" className="label">
          {ui.listName}
        </label>
        <input id="save-cart-name" className="input" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      </div>
      <button type="submit" className="btn-secondary" disabled={create.isPending}>
        {ui.saveCartAsList}
      </button>
      {/* The dashboard's menu is the original storefront's (docs/legacy-contract.md#menus): the lists are reached from here. */}
      <Link to="/dashboard/lists" className="text-sm font-semibold text-brand-700 underline">
        {ui.listsHeading}
      </Link>
    </form>
  );
}
