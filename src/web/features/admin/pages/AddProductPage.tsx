import { toast } from '../../../lib/toast.js';
import { messages } from '../../../../shared/messages.js';
import { productInputSchema } from '../../../../shared/schemas.js';
import { useAddProduct } from '../api.js';
import { EMPTY_PRODUCT, ProductForm } from '../components/ProductForm.js';
import { Panel } from '../../../components/Panel.js';

export function AddProductPage() {
  const add = useAddProduct();
  return (
    <Panel title="Add a product">
      <title>Add a product – Partsmith</title>
      <ProductForm
        schema={productInputSchema}
        defaultValues={EMPTY_PRODUCT}
        skuHint={messages.ui.productAdmin.skuHint}
        submitLabel="Add Product"
        busyLabel="Adding…"
        submit={(values) => add.mutateAsync(values)}
        onSaved={(product, { reset }) => {
          toast.success(messages.ui.productAdded(product.name));
          reset(EMPTY_PRODUCT);
        }}
      />
    </Panel>
  );
}
