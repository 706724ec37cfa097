import { toast } from 'react-toastify/unstyled';
import { messages } from '../../../../shared/messages.js';
import { productInputSchema } from '../../../../shared/schemas.js';
import { useAddProduct } from '../api.js';
import { PicturePreview, usePicturePreview } from '../components/PicturePreview.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { Panel } from '../../../components/Panel.js';

const EMPTY = { name: '', description: '', price: '', stock: '', min: '', img: '' };
const FIELDS = ['name', 'description', 'price', 'stock', 'min', 'img'] as const;

export function AddProductPage() {
  const add = useAddProduct();
  const {
    register,
    onSubmit,
    formError,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: productInputSchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    // A link whose picture does not load would show a broken image in the shop: refused (null: not sent).
    submit: async (values) => {
      if (!(await preview.loads(values.img))) {
        setError('img', { type: 'picture', message: messages.ui.imageRefused }, { shouldFocus: true });
        return null;
      }
      return add.mutateAsync(values);
    },
    onSuccess: (product, { reset }) => {
      if (!product) return;
      toast.success(messages.ui.productAdded(product.name));
      reset(EMPTY);
    },
  });
  const preview = usePicturePreview(watch('img'));

  return (
    <Panel title="Add a product">
      <title>Add a product – Partsmith</title>
      <form onSubmit={onSubmit} noValidate className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <Field label="Product Name" error={errors.name?.message} className="sm:col-span-2">
          <input type="text" className="input" {...register('name')} />
        </Field>
        <Field label="Product Description" error={errors.description?.message} className="sm:col-span-2">
          <textarea rows={4} className="input" {...register('description')} />
        </Field>
        <Field label="Price ($ per unit)" error={errors.price?.message}>
          <input type="text" inputMode="decimal" className="input" {...register('price')} />
        </Field>
        <Field label="Available Stock" error={errors.stock?.message}>
          <input type="number" min={1} step={1} className="input" {...register('stock')} />
        </Field>
        <Field label="Minimum Order Quantity" error={errors.min?.message}>
          <input type="number" min={1} step={1} className="input" {...register('min')} />
        </Field>
        <Field
          label="Product Image"
          error={errors.img?.message}
          hint="An image link (https://…) or a path like /images/products/tire.svg"
        >
          <input type="text" inputMode="url" className="input" {...register('img')} />
        </Field>
        <PicturePreview preview={preview} className="sm:col-span-2" />
        <SubmitRow className="sm:col-span-2" error={formError} busy={isSubmitting} label="Add Product" busyLabel="Adding…" />
      </form>
    </Panel>
  );
}
