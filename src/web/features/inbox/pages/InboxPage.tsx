import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ContactMessage } from '../../../../shared/api.js';
import type { ContactMessageDetail } from '../../../../shared/back-office.js';
import { inboxCopy } from '../../../../shared/back-office-copy.js';
import { contactReplySchema } from '../../../../shared/schemas.js';
import { Field, FormError } from '../../../components/Field.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { errorText } from '../../../lib/form-errors.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { toast } from '../../../lib/toast.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { type InboxFilter, useContactMessage, useContactMessages, useMarkContactRead, useReplyToContact } from '../api.js';

const text = inboxCopy;
const FILTERS: InboxFilter[] = ['all', 'unread'];

/**
 * /dashboard/inbox (admins): the contact messages, newest first, and the one opened (`?message=`, so a reload
 * or the staff e-mail's link opens it) with its thread and the reply box. On a phone the opened message
 * takes the screen, with a way back to the list.
 */
export function InboxPage() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('message');
  const filter: InboxFilter = params.get('show') === 'unread' ? 'unread' : 'all';
  const list = useContactMessages(filter);
  const unread = list.data?.filter((item) => !item.read).length ?? 0;
  const searchWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    return `?${next.toString()}`;
  };

  return (
    <Panel title={text.page} actions={unread > 0 && <span className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">{text.unreadCount(unread)}</span>}>
      <title>{`${text.page} – Partsmith`}</title>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="inbox-list-heading" className={openId ? 'hidden lg:block' : ''}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h3 id="inbox-list-heading" className="text-lg font-semibold text-slate-900">
              {text.title}
            </h3>
            <div role="group" aria-label={text.filter} className="flex gap-2">
              {FILTERS.map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={filter === option}
                  className={`${filter === option ? 'btn-primary' : 'btn-secondary'} px-3 py-1.5`}
                  onClick={() => setParams(searchWith({ show: option === 'all' ? null : option }))}
                >
                  {text.filters[option]}
                </button>
              ))}
            </div>
          </div>
          <QueryState query={list} label="contact messages">
            {(messages) =>
              messages.length === 0 ? (
                <p className="text-slate-700">{filter === 'unread' ? text.emptyUnread : text.empty}</p>
              ) : (
                <ul className="divide-y divide-slate-200">
                  {messages.map((item) => (
                    <InboxRow key={item._id} item={item} open={item._id === openId} to={searchWith({ message: item._id })} />
                  ))}
                </ul>
              )
            }
          </QueryState>
        </section>
        <section aria-label={text.thread}>
          {openId ? (
            <OpenMessage key={openId} id={openId} backTo={searchWith({ message: null })} />
          ) : (
            <p className="hidden text-slate-700 lg:block">{text.pick}</p>
          )}
        </section>
      </div>
    </Panel>
  );
}

function InboxRow({ item, open, to }: { item: ContactMessage; open: boolean; to: string }) {
  return (
    <li className={`py-3 ${open ? 'bg-brand-50' : ''}`} aria-label={item.read ? item.email : `${text.unread}: ${item.email}`}>
      <Link to={to} className="block rounded px-2 hover:bg-slate-50" aria-label={text.open(item.email)} aria-current={open ? 'true' : undefined}>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {!item.read && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase text-amber-900">{text.unread}</span>}
          <span className="font-semibold text-slate-900">{item.email}</span>·<time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </p>
        <p className={`mt-1 line-clamp-2 text-slate-800 ${item.read ? '' : 'font-bold'}`}>{item.message}</p>
        {item.repliedAt && <p className="mt-1 text-sm text-emerald-800">{text.repliedOn(formatDateTime(item.repliedAt))}</p>}
      </Link>
    </li>
  );
}

/** The opened message: marked read once when it opens (the staff may mark it unread again), its thread and the reply box. */
function OpenMessage({ id, backTo }: { id: string; backTo: string }) {
  const detail = useContactMessage(id);
  const markRead = useMarkContactRead();
  const markedOnOpen = useRef(false);
  const { mutate } = markRead;
  useEffect(() => {
    if (!detail.data || detail.data.read || markedOnOpen.current) return;
    markedOnOpen.current = true;
    mutate({ id, read: true }, { onError: (failure) => toast.error(errorText(failure)) });
  }, [detail.data, id, mutate]);
  const toggleRead = (message: ContactMessageDetail) =>
    markRead.mutate({ id, read: !message.read }, { onError: (failure) => toast.error(errorText(failure)) });

  return (
    <div className="space-y-4">
      <Link to={backTo} className="text-sm font-semibold text-brand-700 underline lg:hidden">
        {text.back}
      </Link>
      <QueryState query={detail} label="the message">
        {(message) => (
          <article className="space-y-4" aria-label={message.email}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 className="text-lg font-semibold break-all text-slate-900">{message.email}</h3>
              <div className="flex flex-wrap items-center gap-3">
                <button type="button" className="btn-secondary" onClick={() => toggleRead(message)} disabled={markRead.isPending}>
                  {message.read ? text.markUnread : text.markRead}
                </button>
                <a href={`mailto:${message.email}?subject=${encodeURIComponent(text.mailtoSubject)}`} className="text-sm text-brand-700 underline">
                  {text.mailto}
                </a>
              </div>
            </div>
            <ol className="space-y-3" aria-label={text.thread}>
              {message.thread.map((entry, index) => (
                <li key={index} className={`rounded-lg border p-3 ${index === 0 ? 'border-slate-200 bg-white' : 'ml-4 border-brand-100 bg-brand-50 sm:ml-8'}`}>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    <span className="font-semibold break-all text-slate-900">{entry.from}</span>
                    <span>({index === 0 ? text.fromCustomer : text.fromStaff})</span>·<time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </p>
                  <p className="mt-1 whitespace-pre-line text-slate-800">{entry.body}</p>
                </li>
              ))}
            </ol>
            {message.repliedAt && <p className="text-sm text-emerald-800">{text.repliedOn(formatDateTime(message.repliedAt))}</p>}
            <ReplyForm item={message} />
          </article>
        )}
      </QueryState>
    </div>
  );
}

function ReplyForm({ item }: { item: ContactMessage }) {
  const reply = useReplyToContact(item._id);
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: contactReplySchema,
    defaultValues: { message: '' },
    fields: ['message'],
    submit: (values) => reply.mutateAsync(values),
    onSuccess: (_answer, { reset }) => {
      toast.success(text.replySent(item.email));
      reset({ message: '' });
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label={`${text.replyLabel} ${item.email}`}>
      <h4 className="font-semibold text-slate-900">{text.replyLabel}</h4>
      <Field label={text.replyField} error={errors.message?.message}>
        <textarea rows={4} className="input" {...register('message')} />
      </Field>
      <FormError message={formError} />
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? text.sending : text.send}
      </button>
    </form>
  );
}
