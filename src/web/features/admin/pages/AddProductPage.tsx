import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.js';
import type { Product } from '../../../../shared/api.js';
import { productFormCopy } from '../../../../shared/back-office-copy.js';
import { messages } from '../../../../shared/messages.js';
import { productAddFormSchema } from '../../../../shared/product-schemas.js';
import { useAddProduct } from '../api.js';
import { EMPTY_PRODUCT, ProductForm } from '../components/ProductForm.js';
import { Notice } from '../../../components/Notice.js';
import { Panel } from '../../../components/Panel.js';

export function AddProductPage() {
  const add = useAddProduct();
  // The part just added: the form is empty again for the next one, and its page is a click away.
  const [added, setAdded] = useState<Product | null>(null);
  return (
    <Panel title="Add a product">
      <title>Add a product – Partsmith</title>
      {added && (
        <div className="mb-4">
          <Notice tone="success">
            <p>
              {productFormCopy.addedNotice(added.name)}{' '}
              <Link to={`/parts/${encodeURIComponent(added.sku)}`} className="font-medium underline">
                {productFormCopy.viewPart}
              </Link>
            </p>
          </Notice>
        </div>
      )}
      <ProductForm
        schema={productAddFormSchema}
        defaultValues={EMPTY_PRODUCT}
        skuHint={messages.ui.productAdmin.skuHint}
        adding
        submitLabel="Add Product"
        busyLabel="Adding…"
        submit={(values) => add.mutateAsync(values)}
        onSaved={(product, { reset }) => {
          toast.success(messages.ui.productAdded(product.name));
          setAdded(product);
          reset(EMPTY_PRODUCT);
        }}
      />
    </Panel>
  );
}
