import { taxConfigSchema } from '../../../../shared/checkout-schemas.js';
import { checkoutMessages } from '../../../../shared/messages.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { CheckoutPreview } from '../components/CheckoutPreview.js';
import { TableEditor } from '../components/TableEditor.js';
import { useSaveTax, useShippingConfig, useTaxConfig } from '../shipping-tax-api.js';

const text = checkoutMessages.admin;

/** /dashboard/tax: the tax rates, edited whole, with the same preview as the Shipping page. */
export function TaxPage() {
  const tax = useTaxConfig();
  const shipping = useShippingConfig();
  const save = useSaveTax();
  return (
    <Panel title={text.taxTitle}>
      <title>{`${text.taxTitle} – Partsmith`}</title>
      <p className="mb-4 text-sm text-slate-700">{text.taxIntro}</p>
      <QueryState query={tax} label="the tax rates">
        {(saved) => (
          <TableEditor
            saved={saved}
            schema={taxConfigSchema}
            save={save.mutateAsync}
            savedMessage={checkoutMessages.taxSaved}
            preview={(draft) => <CheckoutPreview shipping={shipping.data ?? null} rates={draft?.rates ?? null} />}
          />
        )}
      </QueryState>
    </Panel>
  );
}
