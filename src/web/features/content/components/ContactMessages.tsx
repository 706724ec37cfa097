import { toast } from '../../../lib/toast.js';
import type { ContactMessage } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { contactReplySchema } from '../../../../shared/schemas.js';
import { useContactMessages, useMarkContactRead, useReplyToContact } from '../api.js';
import { Field, FormError } from '../../../components/Field.js';
import { QueryState } from '../../../components/QueryState.js';
import { Panel } from '../../../components/Panel.js';
import { errorText } from '../../../lib/form-errors.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { useServerForm } from '../../../lib/useServerForm.js';

const text = messages.ui.inbox;

/** Admins read and answer the home page's contact messages here (the original menu stays as it is, docs/legacy-contract.md#menus). */
export function ContactMessages() {
  const contact = useContactMessages();
  const unread = contact.data?.filter((item) => !item.read).length ?? 0;
  return (
    <Panel title={text.title} actions={unread > 0 && <span className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">{text.unreadCount(unread)}</span>}>
      <QueryState query={contact} label="contact messages">
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-700">{text.empty}</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {list.map((item) => (
                <InboxMessage key={item._id} item={item} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Panel>
  );
}

function InboxMessage({ item }: { item: ContactMessage }) {
  const markRead = useMarkContactRead();
  const toggleRead = () =>
    markRead.mutate({ id: item._id, read: !item.read }, { onError: (failure) => toast.error(errorText(failure)) });
  return (
    <li className="py-3" aria-label={item.read ? item.email : `${text.unread}: ${item.email}`}>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {!item.read && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase text-amber-900">{text.unread}</span>}
        <span className="font-semibold text-slate-900">{item.email}</span>·<time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
      </p>
      <p className={`mt-1 whitespace-pre-line text-slate-800 ${item.read ? '' : 'font-bold'}`}>{item.message}</p>
      {item.repliedAt && <p className="mt-1 text-sm text-emerald-800">{text.repliedOn(formatDateTime(item.repliedAt))}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" onClick={toggleRead} disabled={markRead.isPending}>
          {item.read ? text.markUnread : text.markRead}
        </button>
        <a href={`mailto:${item.email}?subject=${encodeURIComponent('Re: your message')}`} className="text-sm text-brand-700 underline">
          {text.mailto}
        </a>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">{text.replyLabel}</summary>
        <ReplyForm item={item} />
      </details>
    </li>
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
    <form onSubmit={onSubmit} noValidate className="mt-2 space-y-2" aria-label={`${text.replyLabel} ${item.email}`}>
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
