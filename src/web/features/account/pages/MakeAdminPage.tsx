import type { User } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { useMakeAdmin, useRemoveUser, useUsers } from '../api.js';
import { useAuth } from '../../auth/auth-context.js';
import { QueryState } from '../../../components/QueryState.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { useConfirm } from '../../../components/useConfirm.js';
import { TaxExemptionForm } from '../components/TaxExemptionForm.js';

export function MakeAdminPage() {
  const { user: me } = useAuth();
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const { ask, dialog } = useConfirm();

  // A promotion cannot be undone (no demotion, and an admin can't be removed): the question says so.
  const onMakeAdmin = (user: User) =>
    ask(
      messages.ui.confirmMakeAdmin(user.email),
      async () => {
        await makeAdmin.mutateAsync(user.email);
        return messages.toast.madeAdmin(user.email);
      },
      messages.ui.confirmButtons.makeAdmin,
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
          <>
            <DataTable label="All users" columns={['#', 'Name', 'Email', 'Role', 'Action']}>
              {list.map((user, index) => (
                <tr key={user._id} data-testid={`user-${user.email}`}>
                  <td>{index + 1}</td>
                  <td className="font-medium">{user.name}</td>
                  <td className="break-all">{user.email}</td>
                  <td>{user.role === 'admin' ? 'admin' : 'user'}</td>
                  <td>
                    {user.role === 'admin' ? (
                      <span className="text-sm font-semibold text-slate-700">{messages.adminCantBeRemoved}</span>
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
            <TaxExemptionForm users={list} />
          </>
        )}
      </QueryState>
      {dialog}
    </Panel>
  );
}
