import { useId } from 'react';
import type { Session } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { useSessions, useSignOutSessions } from '../api.js';
import { deviceName } from '../device-name.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { useConfirm } from '../../../components/useConfirm.js';
import { formatDateTime } from '../../../lib/format-date.js';

/** "Your sessions": where the account is signed in; any other session can be signed out, or all of them. */
export function SessionsPanel() {
  const sessions = useSessions();
  const signOut = useSignOutSessions();
  const { ask, dialog } = useConfirm();
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const signOutOne = (session: Session) =>
    ask(
      messages.ui.confirmSignOutSession(deviceName(session.userAgent)),
      async () => {
        await signOut.mutateAsync(session._id);
        return messages.ui.sessionRevoked;
      },
      { confirmLabel: 'Sign out' },
    );
  const signOutOthers = () =>
    ask(
      messages.ui.confirmSignOutOthers,
      async () => {
        await signOut.mutateAsync(undefined);
        return messages.ui.otherSessionsRevoked;
      },
      { confirmLabel: 'Sign out everywhere else' },
    );

  return (
    <Panel
      title="Your sessions"
      actions={
        others.length > 0 && (
          <button type="button" className="btn-secondary" onClick={signOutOthers}>
            Sign out everywhere else
          </button>
        )
      }
    >
      <QueryState query={sessions} label="your sessions">
        {(list) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Sessions">
            {/* This device first, then the others as the server orders them (most recently used first). */}
            {[...list].sort((a, b) => Number(b.current) - Number(a.current)).map((session) => (
              <SessionRow key={session._id} session={session} onSignOut={() => signOutOne(session)} />
            ))}
          </ul>
        )}
      </QueryState>
      {dialog}
    </Panel>
  );
}

function SessionRow({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const deviceId = useId();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="session">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          <span id={deviceId} title={session.userAgent || undefined}>
            {deviceName(session.userAgent)}
          </span>
          {session.current && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{messages.ui.thisDevice}</span>
          )}
        </p>
        <p className="flex flex-wrap gap-x-4 text-sm text-slate-700">
          <time dateTime={session.createdAt}>{messages.ui.sessionCreated(formatDateTime(session.createdAt))}</time>
          <time dateTime={session.lastUsedAt}>{messages.ui.sessionLastUsed(formatDateTime(session.lastUsedAt))}</time>
        </p>
      </div>
      {!session.current && (
        <button type="button" className="btn-secondary" onClick={onSignOut} aria-describedby={deviceId}>
          Sign out
        </button>
      )}
    </li>
  );
}
