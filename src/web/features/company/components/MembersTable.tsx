import { useState } from 'react';
import { COMPANY_ROLES, type CompanyMember, type CompanyRole, type MyCompany } from '../../../../shared/companies.js';
import { formatMoney } from '../../../../shared/format.js';
import { tradeBuyerCopy } from '../../../../shared/trade-buyer-copy.js';
import { DataTable } from '../../../components/DataTable.js';
import { useConfirm } from '../../../components/useConfirm.js';
import { errorText } from '../../../lib/form-errors.js';
import { toast } from '../../../lib/toast.js';
import { useAuth } from '../../auth/auth-context.js';
import { useRemoveMember, useUpdateMember } from '../api.js';
import { limitAsTyped, typedLimitSchema } from './limit.js';

const text = tradeBuyerCopy.company;

export const limitInWords = (limit: number | null) => (limit === null ? text.noLimit : formatMoney(limit));

function MemberRow({ company, member, isMe, onRemove }: { company: MyCompany; member: CompanyMember; isMe: boolean; onRemove: () => void }) {
  const update = useUpdateMember(company.id);
  const [typed, setTyped] = useState(limitAsTyped(member.spendingLimit));
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (patch: { role?: CompanyRole; spendingLimit?: number | null }) => {
    setProblem(null);
    try {
      await update.mutateAsync({ userId: member.userId, patch });
      toast.success(text.memberSaved(member.name));
    } catch (failure) {
      const message = errorText(failure);
      setProblem(message);
      toast.error(message);
    }
  };
  const saveLimit = () => {
    const parsed = typedLimitSchema.safeParse(typed);
    if (!parsed.success) setProblem(parsed.error.issues[0]?.message ?? null);
    else void save({ spendingLimit: parsed.data });
  };

  return (
    <tr data-testid={`member-${member.userId}`}>
      <td className="font-medium text-slate-900">
        {member.name}
        {isMe && <span className="text-slate-600"> {text.you}</span>}
      </td>
      <td className="break-all">{member.email}</td>
      <td>
        {isMe ? (
          text.roles[member.role]
        ) : (
          <select
            className="input w-32"
            aria-label={text.roleOf(member.name)}
            value={member.role}
            disabled={update.isPending}
            onChange={(event) => void save({ role: event.target.value as CompanyRole })}
          >
            {COMPANY_ROLES.map((role) => (
              <option key={role} value={role}>
                {text.roles[role]}
              </option>
            ))}
          </select>
        )}
      </td>
      <td>
        <span className="block" data-testid="member-limit">
          {limitInWords(member.spendingLimit)}
        </span>
        <form
          className="mt-1 flex flex-wrap items-center gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            saveLimit();
          }}
        >
          <input
            type="text"
            inputMode="decimal"
            className="input w-28"
            aria-label={text.limitOf(member.name)}
            aria-invalid={problem ? true : undefined}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="btn-secondary px-3 py-1.5" aria-label={text.saveLimitOf(member.name)} disabled={update.isPending}>
            {text.saveLimit}
          </button>
        </form>
        {problem && (
          <p role="alert" className="field-error">
            {problem}
          </p>
        )}
      </td>
      <td>
        {!isMe && (
          <button type="button" className="btn-danger px-3 py-1.5" aria-label={text.removeOf(member.name)} onClick={onRemove}>
            {text.remove}
          </button>
        )}
      </td>
    </tr>
  );
}

/** The company's members (its admins see them): role and spending limit per member, and removing one behind a confirmation. */
export function MembersTable({ company }: { company: MyCompany }) {
  const { user } = useAuth();
  const remove = useRemoveMember(company.id);
  const { ask, dialog } = useConfirm();
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-bold text-slate-900">
        {text.members}
      </h3>
      <DataTable label={text.members} columns={text.columns}>
        {company.members.map((member) => (
          <MemberRow
            key={member.userId}
            company={company}
            member={member}
            isMe={user !== null && String(member.userId) === user._id}
            onRemove={() =>
              ask(
                text.removeQuestion(member.name, company.name),
                async () => {
                  await remove.mutateAsync(member.userId);
                  return text.removed(member.name);
                },
                { confirmLabel: text.remove, details: [text.removeDetail] },
              )
            }
          />
        ))}
      </DataTable>
      {dialog}
    </div>
  );
}
