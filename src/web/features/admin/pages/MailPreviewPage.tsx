import { useState } from 'react';
import type { OutboxEntry } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { ApiError } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { useOutbox } from '../mail-api.js';

const text = messages.ui.mailPreview;

/**
 * One e-mail as its recipient gets it. The HTML goes into a frame sandboxed with no permission at all (no
 * script, no form, no navigation of this page, an origin of its own), never into the page itself.
 */
function MailShown({ mail }: { mail: OutboxEntry }) {
  return (
    <article aria-label={mail.subject} className="mt-6 space-y-3">
      <h3 className="text-lg font-semibold text-slate-900">{mail.subject}</h3>
      <p className="text-sm text-slate-700">{text.to(mail.to)}</p>
      <iframe title={text.frameTitle(mail.subject)} sandbox="" srcDoc={mail.html} className="h-96 w-full rounded-lg border border-slate-200 bg-white" />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-slate-800">{text.plainText}</summary>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-50 p-3 whitespace-pre-wrap text-slate-800">{mail.text}</pre>
      </details>
    </article>
  );
}

/** /dashboard/mail: the outbox in the browser, outside production (admins); an e-mail opens below the list on Show. */
export function MailPreviewPage() {
  const outbox = useOutbox();
  const [shownId, setShownId] = useState<string | null>(null);
  const unavailable = outbox.error instanceof ApiError && outbox.error.status === 404;
  return (
    <Panel title={text.title}>
      <title>{`${text.title} – Partsmith`}</title>
      <p className="mb-4 text-sm text-slate-700">{text.intro}</p>
      {unavailable ? (
        <p className="text-slate-700">{text.unavailable}</p>
      ) : (
        <QueryState query={outbox} label="the outbox">
          {(mails) => {
            if (mails.length === 0) return <p className="text-slate-700">{text.empty}</p>;
            const shown = mails.find((mail) => mail._id === shownId);
            return (
              <>
                <DataTable label={text.title} columns={text.columns}>
                  {mails.map((mail) => (
                    <tr key={mail._id} aria-current={mail === shown ? 'true' : undefined}>
                      <td className="whitespace-nowrap">
                        <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
                      </td>
                      <td className="break-all">{mail.to}</td>
                      <td className="font-medium">{mail.subject}</td>
                      <td>{mail.status}</td>
                      <td>
                        {mail === shown ? (
                          <span className="text-sm text-slate-600">{text.shown}</span>
                        ) : (
                          <button type="button" className="btn-secondary px-3 py-1.5" aria-label={text.showLabel(mail.subject)} onClick={() => setShownId(mail._id)}>
                            {text.show}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </DataTable>
                {shown && <MailShown mail={shown} />}
              </>
            );
          }}
        </QueryState>
      )}
    </Panel>
  );
}
