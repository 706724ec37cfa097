import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.js';
import type { User } from '../../../../shared/api.js';
import { INBOX_PATH, inboxCopy } from '../../../../shared/back-office-copy.js';
import { messages } from '../../../../shared/messages.js';
import { profileUpdateSchema } from '../../../../shared/schemas.js';
import { useProfile, useUpdateProfile } from '../api.js';
import { useAuth } from '../../auth/auth-context.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { QueryState } from '../../../components/QueryState.js';
import { Panel } from '../../../components/Panel.js';
import { ChangePasswordForm } from '../components/ChangePasswordForm.js';
import { EmailConfirmation } from '../components/EmailConfirmation.js';
import { SessionsPanel } from '../components/SessionsPanel.js';

export function MyProfilePage() {
  const { user } = useAuth();
  const profile = useProfile(user?.email);
  return (
    <div className="space-y-6">
      <title>My Profile – Partsmith</title>
      <Panel title="My Profile">
        <QueryState query={profile} label="your profile">
          {(record) => (
            <div className="space-y-6">
              <ProfileForm user={record} />
              <EmailConfirmation user={record} />
            </div>
          )}
        </QueryState>
      </Panel>
      <Panel title="Change password">
        <ChangePasswordForm />
      </Panel>
      <SessionsPanel />
      {profile.data?.role === 'admin' && (
        <p>
          <Link to={INBOX_PATH} className="font-semibold text-brand-700 underline">
            {inboxCopy.page}
          </Link>
        </p>
      )}
    </div>
  );
}

export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile(user.email);
  const {
    register,
    onSubmit,
    reset,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: profileUpdateSchema,
    defaultValues: { phone: user.phone, address: user.address },
    fields: ['phone', 'address'],
    submit: (values) => update.mutateAsync({ phone: values.phone ?? '', address: values.address ?? '' }),
    onSuccess: () => {
      toast.success(messages.toast.profileUpdated);
    },
  });

  useEffect(() => {
    reset({ phone: user.phone, address: user.address });
  }, [user.phone, user.address, reset]);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field label="Name">
        <input type="text" className="input" value={user.name} readOnly />
      </Field>
      <Field label="Email">
        <input type="email" className="input" value={user.email} readOnly />
      </Field>
      <Field label="Phone Number" error={errors.phone?.message}>
        <input type="tel" autoComplete="tel" className="input" {...register('phone')} />
      </Field>
      <Field label="Address" error={errors.address?.message}>
        <input type="text" autoComplete="street-address" className="input" {...register('address')} />
      </Field>
      <SubmitRow className="sm:col-span-2" error={formError} busy={isSubmitting} label="Update Info" busyLabel="Saving…" />
    </form>
  );
}
