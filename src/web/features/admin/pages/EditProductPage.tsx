import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast.js';
import type { Application, Product } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { fieldMessages } from '../../../../shared/schemas.js';
import { productPatchSchema, type ProductPatch } from '../../../../shared/product-schemas.js';
import { errorText } from '../../../lib/form-errors.js';
import { useAdminProduct, useFetchPicture, useUpdateProduct } from '../api.js';
import { useProductFitment } from '../../fitment/api.js';
import { editedApplication, ProductForm, productFormValues } from '../components/ProductForm.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { Spinner } from '../../../components/Spinner.js';
import { productFormCopy } from '../../../../shared/back-office-copy.js';

const MANAGE_PRODUCTS = '/dashboard/manage-products';

/**
 * The fields whose checked value differs from the saved product's (and the vehicles it fits): all the
 * PATCH sends, so an edit of the price does not write back a stock that orders have changed meanwhile.
 * Without the saved applications (null: not loaded) the form's are never sent.
 */
function changedFields(product: Product, applications: readonly Application[] | null, values: ProductPatch): ProductPatch {
  const saved: Record<string, unknown> = { ...product, category: product.category.slug, applications: applications?.map(editedApplication) };
  return Object.fromEntries(
    Object.entries(values).filter(
      ([field, value]) => value !== undefined && !(field === 'applications' && applications === null) && JSON.stringify(value) !== JSON.stringify(saved[field]),
    ),
  ) as ProductPatch;
}

/** A picture linked from elsewhere (a PIES file's): fetched into the shop's storage only when staff ask. */
function LinkedPicture({ product }: { product: Product }) {
  const fetching = useFetchPicture();
  if (!/^https?:\/\//.test(product.img)) return null;
  const fetchIt = async () => {
    try {
      const saved = await fetching.mutateAsync(product._id);
      toast.success(messages.ui.productAdmin.pictureFetched(saved.name));
    } catch (failure) {
      toast.error(errorText(failure));
    }
  };
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
      <p>{messages.ui.productAdmin.linkedPicture}</p>
      <button type="button" className="btn-secondary" disabled={fetching.isPending} onClick={() => void fetchIt()}>
        {fetching.isPending ? 'Fetching…' : 'Fetch picture'}
      </button>
    </div>
  );
}

function EditProductForm({ product, applications }: { product: Product; applications: readonly Application[] | null }) {
  const update = useUpdateProduct();
  const navigate = useNavigate();
  return (
    <>
      {!product.active && <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{messages.ui.productAdmin.archivedNotice}</p>}
      <LinkedPicture product={product} />
      <ProductForm
        schema={productPatchSchema}
        defaultValues={productFormValues(product, applications ?? [])}
        fitmentLoaded={applications !== null}
        submitLabel="Save changes"
        busyLabel="Saving…"
        submit={async (values, { setFormError }) => {
          const patch = changedFields(product, applications, values);
          if (Object.keys(patch).length === 0) {
            setFormError(fieldMessages.nothingToChange);
            return null;
          }
          return update.mutateAsync({ id: product._id, patch });
        }}
        onSaved={(saved) => {
          toast.success(messages.ui.productAdmin.productSaved(saved.name));
          void navigate(MANAGE_PRODUCTS);
        }}
      />
    </>
  );
}

/** /dashboard/edit-product/:id: the add form, filled with the product, saving only what changed. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const product = useAdminProduct(id);
  // An archived part's fitment is not public (404): the form then leaves its applications as they are.
  const fitment = useProductFitment(id);
  return (
    <Panel
      title="Edit product"
      actions={
        <Link to={MANAGE_PRODUCTS} className="text-sm font-medium text-brand-700 underline">
          Back to Manage Products
        </Link>
      }
    >
      <title>Edit product – Partsmith</title>
      <QueryState query={product} label="the product">
        {/* A fetched picture (LinkedPicture) starts the form afresh with the stored copy. */}
        {(loaded) =>
          fitment.isPending ? (
            <Spinner label={productFormCopy.fitment.loading} />
          ) : (
            <EditProductForm key={`${loaded._id} ${loaded.img}`} product={loaded} applications={fitment.data ?? null} />
          )
        }
      </QueryState>
    </Panel>
  );
}
