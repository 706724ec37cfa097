import { useState, type FormEvent } from 'react';
import { choosingUi as ui, synonymMessages } from '../../../../shared/choosing-copy.js';
import type { SynonymGroups } from '../../../../shared/choosing.js';
import { QueryState } from '../../../components/QueryState.js';
import { toast } from '../../../lib/toast.js';
import { useSaveSynonyms, useSynonyms } from '../synonyms-api.js';

const asText = ({ groups }: SynonymGroups) => groups.map((terms) => terms.join(', ')).join('\n');
const fromText = (text: string): SynonymGroups => ({
  groups: text
    .split('\n')
    .map((line) => line.split(',').map((term) => term.trim()).filter(Boolean))
    .filter((terms) => terms.length > 0),
});

/** The staff's search synonyms: a group a line (rotor, brake disc), applied both ways. */
export function SynonymsPage() {
  const synonyms = useSynonyms();
  return (
    <div className="space-y-4">
      <title>{`${ui.synonymsHeading} – Partsmith`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{ui.synonymsHeading}</h1>
      <p className="text-slate-700">{ui.synonymsHelp}</p>
      <QueryState query={synonyms} label="the synonyms">
        {(groups) => <SynonymsForm initial={asText(groups)} />}
      </QueryState>
    </div>
  );
}

function SynonymsForm({ initial }: { initial: string }) {
  const save = useSaveSynonyms();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const saved = await save.mutateAsync(fromText(text));
      setText(asText(saved));
      toast.success(synonymMessages.saved);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <form className="space-y-3" onSubmit={(event) => void submit(event)}>
      <label htmlFor="synonym-groups" className="label">
        {ui.synonymsHeading}
      </label>
      <textarea id="synonym-groups" className="input font-mono" rows={12} value={text} onChange={(event) => setText(event.target.value)} />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {ui.saveSynonyms}
      </button>
    </form>
  );
}
