import { shippingConfigSchema } from '../../../../shared/checkout-schemas.js';
import { checkoutMessages } from '../../../../shared/messages.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { CheckoutPreview } from '../components/CheckoutPreview.js';
import { TableEditor } from '../components/TableEditor.js';
import { useSaveShipping, useShippingConfig, useTaxConfig } from '../shipping-tax-api.js';

const text = checkoutMessages.admin;

/** /dashboard/shipping: the shipping zones and methods, edited whole, with a preview priced by the quote's rules. */
export function ShippingPage() {
  const shipping = useShippingConfig();
  const tax = useTaxConfig();
  const save = useSaveShipping();
  return (
    <Panel title={text.shippingTitle}>
      <title>{`${text.shippingTitle} – Partsmith`}</title>
      <p className="mb-4 text-sm text-slate-700">{text.shippingIntro}</p>
      <QueryState query={shipping} label="the shipping zones">
        {(saved) => (
          <TableEditor
            saved={saved}
            schema={shippingConfigSchema}
            save={save.mutateAsync}
            savedMessage={checkoutMessages.shippingSaved}
            preview={(draft) => <CheckoutPreview shipping={draft} rates={tax.data?.rates ?? []} />}
          />
        )}
      </QueryState>
    </Panel>
  );
}
