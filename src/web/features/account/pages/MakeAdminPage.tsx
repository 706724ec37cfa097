import type { User } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { useDemoteAdmin, useMakeAdmin, useRemoveUser, useUsers } from '../api.js';
import { useAuth } from '../../auth/auth-context.js';
import { QueryState } from '../../../components/QueryState.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { useConfirm } from '../../../components/useConfirm.js';

export function MakeAdminPage() {
  const { user: me } = useAuth();
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const demoteAdmin = useDemoteAdmin();
  const { ask, dialog } = useConfirm();

  // The question's wording is the original storefront's (docs/legacy-contract.md), kept word for word.
  const onMakeAdmin = (user: User) =>
    ask(
      messages.ui.confirmMakeAdmin(user.email),
      async () => {
        await makeAdmin.mutateAsync(user.email);
        return messages.toast.madeAdmin(user.email);
      },
      messages.ui.confirmButtons.makeAdmin,
    );

  // Another admin only: the server keeps the last admin (409, its message shown in the dialog).
  const onDemote = (user: User) =>
    ask(
      messages.ui.confirmDemoteAdmin(user.email),
      async () => {
        await demoteAdmin.mutateAsync(user.email);
        return messages.ui.adminDemoted(user.email);
      },
      messages.ui.confirmButtons.demoteAdmin,
    );

  const onRemove = (user: User) =>
    ask(
      messages.ui.confirmRemoveUser(user.email),
      async () => {
        await removeUser.mutateAsync(user.email);
        return messages.ui.userRemoved(user.email);
      },
      messages.ui.confirmButtons.removeUser,
    );

  return (
    <Panel title="All Users">
      <title>Make Admin – Partsmith</title>
      <QueryState query={users} label="users">
        {(list) => (
          <DataTable label="All users" columns={['#', 'Name', 'Email', 'Role', 'Action']}>
            {list.map((user, index) => (
              <tr key={user._id} data-testid={`user-${user.email}`}>
                <td>{index + 1}</td>
                <td className="font-medium">{user.name}</td>
                <td className="break-all">{user.email}</td>
                <td>{user.role === 'admin' ? 'admin' : 'user'}</td>
                <td>
                  {user.role === 'admin' ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="text-sm font-semibold text-slate-700">{messages.adminCantBeRemoved}</span>
                      {user.email !== me?.email && (
                        <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => onDemote(user)}>
                          Remove admin
                        </button>
                      )}
                    </div>
                  ) : (
                    <div className="flex flex-wrap gap-2">
                      <button type="button" className="btn-primary px-3 py-1.5" onClick={() => onMakeAdmin(user)}>
                        Make Admin
                      </button>
                      {user.email !== me?.email && (
                        <button type="button" className="btn-danger px-3 py-1.5" onClick={() => onRemove(user)}>
                          Remove User
                        </button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      {dialog}
    </Panel>
  );
}
