import { toast } from '../../../lib/toast.js';
import type { User } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { useResendVerification } from '../api.js';
import { FormError } from '../../../components/Field.js';
import { errorText } from '../../../lib/form-errors.js';

/** Whether the account's e-mail address is confirmed; if not, a new confirmation link on request. */
export function EmailConfirmation({ user }: { user: User }) {
  const resend = useResendVerification();
  if (user.emailVerified) {
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-800" data-testid="email-status">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0" fill="currentColor">
          <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
        </svg>
        {messages.ui.emailConfirmed}
      </p>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p data-testid="email-status">{messages.ui.emailNotConfirmed}</p>
      <button
        type="button"
        className="btn-secondary"
        disabled={resend.isPending}
        onClick={() => resend.mutate(undefined, { onSuccess: () => toast.success(messages.ui.verificationSent(user.email)) })}
      >
        {resend.isPending ? 'Sending…' : 'Send the confirmation link again'}
      </button>
      <FormError message={resend.isError ? errorText(resend.error) : null} />
    </div>
  );
}
