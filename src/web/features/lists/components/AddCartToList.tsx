import { useId, useState, type FormEvent } from 'react';
import { choosingUi as ui, listMessages } from '../../../../shared/choosing-copy.js';
import { mergeListLines } from '../../../../shared/list-lines.js';
import { Field } from '../../../components/Field.js';
import { QueryState } from '../../../components/QueryState.js';
import { errorText } from '../../../lib/form-errors.js';
import type { CartLine } from '../../../lib/cart-store.js';
import { toast } from '../../../lib/toast.js';
import { useAuth } from '../../auth/auth-context.js';
import { fetchList, useLists, useUpdateList } from '../api.js';

/**
 * "Add to an existing list": the cart's parts added to one of the buyer's lists. A part already in it gets
 * the cart's quantity on top (capped at the list's maximum quantity), a new part comes at the end. The
 * lists are read when the buyer opens the control (not with every view of the cart); the chosen list is
 * read fresh, merged and PUT.
 */
export function AddCartToList({ cart }: { cart: readonly CartLine[] }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const lists = useLists({ enabled: open && user !== null });
  const panelId = useId();
  if (!user) return null;
  return (
    <div className="card mt-4 p-4">
      <button type="button" className="btn-secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {ui.addToExistingList}
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          <QueryState query={lists} label={ui.yourLists}>
            {(items) => (items.length === 0 ? <p className="mt-3 text-slate-700">{listMessages.noLists}</p> : <AddToListForm cart={cart} lists={items} />)}
          </QueryState>
        )}
      </div>
    </div>
  );
}

function AddToListForm({ cart, lists }: { cart: readonly CartLine[]; lists: readonly { id: string; name: string }[] }) {
  const save = useUpdateList();
  const [listId, setListId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!listId) return setProblem(listMessages.chooseList);
    setBusy(true);
    try {
      const list = await fetchList(listId);
      const lines = mergeListLines(
        list.lines.map((line) => ({ productId: Number(line.productId), quantity: line.quantity })),
        cart.map((line) => ({ productId: Number(line.productId), quantity: line.quantity })),
      );
      const saved = await save.mutateAsync({ id: listId, update: { lines } });
      toast.success(listMessages.cartAddedToList(cart.length, saved.name));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-3 flex flex-wrap items-end gap-3" aria-label={ui.addToExistingList} noValidate onSubmit={(event) => void submit(event)}>
      <Field label={ui.yourList} error={problem ?? undefined} className="min-w-0 flex-1 basis-48">
        <select
          className="input w-full"
          value={listId}
          onChange={(event) => {
            setListId(event.target.value);
            setProblem(null);
          }}
        >
          <option value="">{ui.pickList}</option>
          {lists.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="btn-secondary" disabled={busy}>
        {busy ? ui.addingCartToList : ui.addCartToList}
      </button>
    </form>
  );
}
