import { useEffect, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { choosingUi as ui, LIST_NAME_MAX, LIST_QUANTITY_MAX, listMessages, listUpdateSchema, type ListSummary, type ListUpdate, type PartsList } from '../../../../shared/choosing.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { Modal } from '../../../components/Modal.js';
import { QueryState } from '../../../components/QueryState.js';
import { toast } from '../../../lib/toast.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { useList, useUpdateList } from '../api.js';

/** The editor as typed: every input's text; the form's check is the PUT's own schema (its bounds, its messages). */
const editSchema = z.object({ name: z.string(), lines: z.array(z.object({ productId: z.string(), quantity: z.string() })) }).transform((values, ctx): ListUpdate => {
  const checked = listUpdateSchema.safeParse(values);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
  return z.NEVER;
});
type EditValues = z.input<typeof editSchema>;

/** "Open list": a dialog to rename the list, change its quantities and remove lines, then "Save list". */
export function OpenList({ list }: { list: ListSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-secondary" aria-label={`${ui.openList}: ${list.name}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {ui.openList}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={list.name}>
        <LoadedList id={list.id} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}

function LoadedList({ id, onDone }: { id: string; onDone: () => void }) {
  const query = useList(id);
  return (
    <QueryState query={query} label={ui.theList}>
      {(list) => <ListEditor list={list} onDone={onDone} />}
    </QueryState>
  );
}

function ListEditor({ list, onDone }: { list: PartsList; onDone: () => void }) {
  const save = useUpdateList();
  const linesId = `list-lines-${list.id}`;
  const products = new Map(list.lines.map((line) => [line.productId, line.product]));
  const {
    register,
    control,
    setFocus,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: editSchema,
    defaultValues: { name: list.name, lines: list.lines.map((line) => ({ productId: line.productId, quantity: String(line.quantity) })) } satisfies EditValues,
    fields: ['name'],
    submit: (update) => save.mutateAsync({ id: list.id, update }),
    onSuccess: (saved) => {
      toast.success(listMessages.listSaved(saved.name));
      onDone();
    },
  });
  const lines = useFieldArray({ control, name: 'lines', keyName: 'key' });
  // The list loads after the dialog opened (the Close button took the focus then): the name is the first field.
  useEffect(() => setFocus('name'), [setFocus]);

  // A removed line's button is gone: the focus goes to the next line's, or to the name when none is left.
  const linesRef = useRef<HTMLUListElement>(null);
  const [removedAt, setRemovedAt] = useState<number | null>(null);
  useEffect(() => {
    if (removedAt === null) return;
    const buttons = linesRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [];
    const next = buttons[Math.min(removedAt, buttons.length - 1)];
    if (next) next.focus();
    else setFocus('name');
    setRemovedAt(null);
  }, [removedAt, setFocus]);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <Field label={ui.listName} error={errors.name?.message}>
        <input className="input w-full" maxLength={LIST_NAME_MAX} {...register('name')} />
      </Field>
      <section aria-labelledby={linesId}>
        <h3 id={linesId} className="mb-2 font-semibold text-slate-900">
          {ui.listLines}
        </h3>
        {lines.fields.length === 0 ? (
          <p className="text-sm text-slate-700">{listMessages.emptyList}</p>
        ) : (
          <ul ref={linesRef} className="max-h-[55vh] divide-y divide-slate-200 overflow-y-auto">
            {lines.fields.map((field, index) => {
              const product = products.get(field.productId) ?? null;
              const name = product?.name ?? listMessages.partGone;
              return (
                <li key={field.key} className="flex flex-wrap items-end gap-3 py-3" data-testid={`list-line-${field.productId}`}>
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="font-mono text-sm text-slate-700">
                      <span className="sr-only">{ui.partNumber}: </span>
                      {product?.sku ?? '—'}
                    </p>
                    <p className="font-medium break-words text-slate-900">{name}</p>
                  </div>
                  <Field label={ui.quantity} error={errors.lines?.[index]?.quantity?.message}>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={LIST_QUANTITY_MAX}
                      step={1}
                      className="input w-28"
                      aria-label={ui.quantityOf(name)}
                      {...register(`lines.${index}.quantity`)}
                    />
                  </Field>
                  <button
                    type="button"
                    data-remove
                    className="btn-secondary"
                    aria-label={ui.removeLineOf(name)}
                    onClick={() => {
                      lines.remove(index);
                      setRemovedAt(index);
                    }}
                  >
                    {ui.removeLine}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <SubmitRow error={formError ?? errors.lines?.message ?? errors.lines?.root?.message} busy={isSubmitting} label={ui.saveList} busyLabel={ui.savingList} />
    </form>
  );
}
