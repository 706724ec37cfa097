import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { checkoutMessages } from '../../../../shared/messages.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { ApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/form-errors.js';
import { toast } from '../../../lib/toast.js';

const text = checkoutMessages.admin;

/** The text as the schema reads it, or the problems to list (each with the entry it is about: `methods.1.zoneId`). */
export function readTable<T>(schema: z.ZodType<T>, source: string): { value: T } | { problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    return { problems: [text.notJson((error as Error).message)] };
  }
  const checked = schema.safeParse(json);
  if (checked.success) return { value: checked.data };
  return { problems: checked.error.issues.map((issue) => text.problemAt(issue.path.join('.'), issue.message)) };
}

interface TableEditorProps<T> {
  saved: T;
  /** The shared schema the server checks the body with. */
  schema: z.ZodType<T>;
  save: (value: T) => Promise<unknown>;
  savedMessage: string;
  /** Shown under the editor with the text as it reads now (null while it has problems). */
  preview?: (draft: T | null) => ReactNode;
}

/**
 * A whole table (shipping zones and methods, tax rates) as JSON, checked as it is typed by the schema the
 * server uses; Save sends it whole, and the server's own problems (named by entry) are listed the same way.
 */
export function TableEditor<T>({ saved, schema, save, savedMessage, preview }: TableEditorProps<T>) {
  const [source, setSource] = useState(() => JSON.stringify(saved, null, 2));
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const read = readTable(schema, source);
  const problems = 'problems' in read ? read.problems : serverProblems;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!('value' in read)) return;
    setBusy(true);
    try {
      await save(read.value);
      setServerProblems([]);
      toast.success(savedMessage);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      setServerProblems(fields ? Object.entries(fields).map(([path, message]) => text.problemAt(path, message)) : [errorText(error)]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <Field label={text.editorLabel} error={problems[0]}>
        <textarea
          className="input min-h-96 font-mono text-xs"
          spellCheck={false}
          value={source}
          onChange={(event) => {
            setSource(event.target.value);
            setServerProblems([]);
          }}
        />
      </Field>
      {problems.length > 1 && (
        <ul className="list-disc pl-5 text-sm text-red-700" aria-label="Problems">
          {problems.slice(1).map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitRow error={undefined} busy={busy} label={text.save} busyLabel={text.saving} />
        <button type="button" className="btn-secondary" onClick={() => setSource(JSON.stringify(saved, null, 2))}>
          {text.reset}
        </button>
      </div>
      {preview?.('value' in read ? read.value : null)}
    </form>
  );
}
