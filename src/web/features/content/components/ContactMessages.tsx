import { useContactMessages } from '../api.js';
import { QueryState } from '../../../components/QueryState.js';
import { Panel } from '../../../components/Panel.js';

/** Admins read the home page's contact messages here (the SPEC's menu stays as it is). */
export function ContactMessages() {
  const contact = useContactMessages();
  return (
    <Panel title="Contact Messages">
      <QueryState query={contact} label="contact messages">
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-700">No messages yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {list.map((item) => (
                <li key={item._id} className="py-3">
                  <p className="text-sm text-slate-600">
                    <a href={`mailto:${item.email}`} className="font-semibold text-brand-700 underline">
                      {item.email}
                    </a>{' '}
                    · <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString()}</time>
                  </p>
                  <p className="mt-1 whitespace-pre-line text-slate-800">{item.message}</p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Panel>
  );
}
