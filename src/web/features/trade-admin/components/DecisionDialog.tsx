import { useState } from 'react';
import { companyDecisionSchema, type AdminCompany, type PriceList } from '../../../../shared/companies.js';
import { tradeStaffCopy } from '../../../../shared/trade-staff-copy.js';
import { Field, FormError } from '../../../components/Field.js';
import { Modal } from '../../../components/Modal.js';
import { errorText } from '../../../lib/form-errors.js';
import { toast } from '../../../lib/toast.js';
import { useDecideCompany } from '../api.js';

const copy = tradeStaffCopy.companies;

/** What staff decide on a company: approve it (with a list), decline it (with a reason), or change an approved one's list. */
export type Decision = { kind: 'approve' | 'change' | 'decline'; company: AdminCompany };

/**
 * The dialog of one decision: a "Price list" select (none or a list) to approve or change, a "Reason" to
 * decline. The reason is checked by the shared decision schema; the server's refusal stays in the dialog.
 */
export function DecisionDialog({ decision, priceLists, onClose }: { decision: Decision | null; priceLists: readonly PriceList[]; onClose: () => void }) {
  return (
    <Modal
      open={decision !== null}
      onClose={onClose}
      title={decision ? (decision.kind === 'decline' ? copy.declineTitle : decision.kind === 'approve' ? copy.approveTitle : copy.changeTitle)(decision.company.name) : ''}
    >
      {decision && <DecisionForm key={`${decision.kind}-${decision.company.id}`} decision={decision} priceLists={priceLists} onDone={onClose} />}
    </Modal>
  );
}

function DecisionForm({ decision, priceLists, onDone }: { decision: Decision; priceLists: readonly PriceList[]; onDone: () => void }) {
  const { kind, company } = decision;
  const [priceListId, setPriceListId] = useState(company.priceListId ?? '');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const decide = useDecideCompany();

  const submit = async () => {
    const body = kind === 'decline' ? { status: 'declined', declineReason: reason } : { status: 'approved', priceListId: priceListId === '' ? null : priceListId };
    const checked = companyDecisionSchema.safeParse(body);
    if (!checked.success) {
      setReasonError(checked.error.issues.find((issue) => issue.path[0] === 'declineReason')?.message);
      return;
    }
    setReasonError(undefined);
    setFormError(null);
    try {
      await decide.mutateAsync({ id: company.id, decision: checked.data });
      toast.success(kind === 'decline' ? copy.declined : kind === 'approve' ? copy.approved : copy.priceListChanged);
      onDone();
    } catch (failure) {
      setFormError(errorText(failure));
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {kind === 'decline' ? (
        <Field label={copy.reason} hint={copy.reasonHint} error={reasonError}>
          <textarea className="input" rows={3} data-autofocus value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
      ) : (
        <Field label={copy.priceList}>
          <select className="input" data-autofocus value={priceListId} onChange={(event) => setPriceListId(event.target.value)}>
            <option value="">{copy.noPriceList}</option>
            {priceLists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <FormError message={formError} />
      <div className="flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onDone}>
          {copy.cancel}
        </button>
        <button type="submit" className={kind === 'decline' ? 'btn-danger' : 'btn-primary'} disabled={decide.isPending}>
          {kind === 'decline' ? copy.decline : kind === 'approve' ? copy.approve : copy.save}
        </button>
      </div>
    </form>
  );
}
