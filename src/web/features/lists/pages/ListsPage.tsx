import { useState, type FormEvent } from 'react';
import { choosingUi as ui, listMessages } from '../../../../shared/choosing-copy.js';
import type { ListSummary } from '../../../../shared/choosing.js';
import { QueryState } from '../../../components/QueryState.js';
import { saveFile } from '../../../lib/save-file.js';
import { toast } from '../../../lib/toast.js';
import { addListToCart } from '../add-to-cart.js';
import { OpenList } from '../components/ListEditor.js';
import { exportList, fetchList, useCreateList, useDeleteList, useImportList, useLists } from '../api.js';

/** My parts lists (dashboard): named lists of parts to reorder in one step, as CSV out and in. */
export function ListsPage() {
  const lists = useLists();
  const [refused, setRefused] = useState<string[]>([]);
  return (
    <div className="space-y-6">
      <title>{`${ui.listsHeading} – Partsmith`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{ui.listsHeading}</h1>
      <NewListForm />
      {refused.length > 0 && (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p>{listMessages.notAdded(refused.length)}</p>
          <ul className="ml-5 list-disc">
            {refused.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <QueryState query={lists} label="your lists">
        {(items) =>
          items.length === 0 ? (
            <p className="text-slate-700">{listMessages.noLists}</p>
          ) : (
            <ul className="space-y-3">
              {items.map((list) => (
                <ListRow key={list.id} list={list} onRefused={setRefused} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

function NewListForm() {
  const create = useCreateList();
  const [name, setName] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await create.mutateAsync({ name });
      setName('');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void submit(event)}>
      <div>
        <label htmlFor="new-list-name" className="label">
          {ui.listName}
        </label>
        <input id="new-list-name" className="input" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      </div>
      <button type="submit" className="btn-primary" disabled={create.isPending}>
        {ui.newList}
      </button>
    </form>
  );
}

function ListRow({ list, onRefused }: { list: ListSummary; onRefused: (lines: string[]) => void }) {
  const remove = useDeleteList();
  const importing = useImportList();
  const addAll = async () => {
    const { added, refused } = await addListToCart(await fetchList(list.id));
    onRefused(refused);
    toast.success(listMessages.added(added));
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const report = await importing.mutateAsync({ id: list.id, csv: await file.text() });
    if (report.errors.length > 0) toast.error(`${listMessages.importRefused}: ${report.errors.map((e) => `row ${e.row}: ${e.message}`).join('; ')}`);
    else toast.success(`${report.created} added, ${report.updated} changed, ${report.unchanged} unchanged`);
  };
  return (
    <li className="card flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        <h2 className="font-semibold text-slate-900">{list.name}</h2>
        <p className="text-sm text-slate-700">{list.lineCount === 1 ? '1 part' : `${list.lineCount} parts`}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <OpenList list={list} />
        <button type="button" className="btn-primary" aria-label={`${ui.addListToCart}: ${list.name}`} onClick={() => void addAll()}>
          {ui.addListToCart}
        </button>
        <button type="button" className="btn-secondary" onClick={() => void exportList(list.id).then((blob) => saveFile(blob, `${list.name}.csv`))}>
          {ui.exportList}
        </button>
        <label className="btn-secondary cursor-pointer">
          {ui.importList}
          <input type="file" accept=".csv,text/csv" className="sr-only" onChange={(event) => void onFile(event.target.files?.[0])} />
        </label>
        <button type="button" className="btn-secondary" aria-label={`${ui.deleteList}: ${list.name}`} onClick={() => void remove.mutateAsync(list.id)}>
          {ui.deleteList}
        </button>
      </div>
    </li>
  );
}
