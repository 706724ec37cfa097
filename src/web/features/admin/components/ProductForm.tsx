import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { Application, Product } from '../../../../shared/api.js';
import { productFormCopy } from '../../../../shared/back-office-copy.js';
import { CATEGORIES, categoryOf, SPECS_MAX, TAX_CLASSES, type CategorySlug, type Spec, type TaxClass } from '../../../../shared/catalog.js';
import type { PartNumberType } from '../../../../shared/fitment.js';
import { checkoutMessages, messages } from '../../../../shared/messages.js';
import { PRICE_BREAKS_MAX } from '../../../../shared/pricing.js';
import { APPLICATIONS_MAX, PRODUCT_NUMBERS_MAX } from '../../../../shared/product-schemas.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { FitmentField } from './FitmentField.js';
import { ImageUpload } from './ImageUpload.js';
import { NumbersField } from './NumbersField.js';
import { PicturePreview, usePicturePreview } from './PicturePreview.js';
import { PriceBreaksField } from './PriceBreaksField.js';
import { SpecsField } from './SpecsField.js';

/** The form's inputs as typed: text, the category's slug, the spec and price break rows (both product schemas read these). */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  stock: string;
  min: string;
  img: string;
  sku: string;
  /** Empty: none chosen yet (adding). */
  category: CategorySlug | '';
  specs: Spec[];
  /** OE, interchange and superseded numbers. */
  numbers: { type: PartNumberType; brand: string; number: string }[];
  /** The vehicles the part fits, as typed (years as text; empty trim, engine and position: any). */
  applications: { yearFrom: string; yearTo: string; make: string; model: string; submodel: string; engine: string; qualifier: string; position: string }[];
  packSize: string;
  /** Empty: the shop's default. */
  reorderThreshold: string;
  priceBreaks: { minQuantity: string; price: string }[];
  /** Whole grams; 0: not known. */
  weightGrams: string;
  taxClass: TaxClass;
  /** Dollars per unit; 0: no core deposit. */
  coreCharge: string;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  stock: '',
  min: '',
  img: '',
  sku: '',
  category: '',
  specs: [],
  numbers: [],
  applications: [],
  packSize: '1',
  reorderThreshold: '',
  priceBreaks: [],
  weightGrams: '0',
  taxClass: 'standard',
  coreCharge: '0.00',
};

/** An application as the form edits it, in the order of the fields applicationInputSchema gives back. */
export function editedApplication({ yearFrom, yearTo, make, model, submodel, engine, qualifier, position }: Application) {
  return { yearFrom, yearTo, make, model, submodel, engine, qualifier, position };
}

/** A saved product (and the vehicles it fits) as the form shows it, to edit. */
export function productFormValues(product: Product, applications: readonly Application[] = []): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    price: product.price.toFixed(2),
    stock: String(product.stock),
    min: String(product.min),
    img: product.img,
    sku: product.sku,
    category: categoryOf(product.category.slug).slug,
    specs: product.specs.map(({ name, value }) => ({ name, value })),
    numbers: product.numbers.map(({ type, brand, number }) => ({ type, brand, number })),
    applications: applications.map((application) => {
      const edited = editedApplication(application);
      return { ...edited, yearFrom: String(edited.yearFrom), yearTo: String(edited.yearTo) };
    }),
    packSize: String(product.packSize),
    reorderThreshold: product.reorderThreshold === null ? '' : String(product.reorderThreshold),
    priceBreaks: product.priceBreaks.map(({ minQuantity, price }) => ({ minQuantity: String(minQuantity), price: price.toFixed(2) })),
    weightGrams: String(product.weightGrams),
    taxClass: product.taxClass,
    coreCharge: product.coreCharge.toFixed(2),
  };
}

/** Every input a server message may name: the fields, the spec and price break lists and each of their rows' inputs. */
const FIELDS: readonly Path<ProductFormValues>[] = [
  'name',
  'description',
  'price',
  'stock',
  'min',
  'img',
  'sku',
  'category',
  'specs',
  ...Array.from({ length: SPECS_MAX }, (_, index) => [`specs.${index}.name`, `specs.${index}.value`] as const).flat(),
  'packSize',
  'reorderThreshold',
  'weightGrams',
  'taxClass',
  'coreCharge',
  'priceBreaks',
  ...Array.from({ length: PRICE_BREAKS_MAX }, (_, index) => [`priceBreaks.${index}.minQuantity`, `priceBreaks.${index}.price`] as const).flat(),
  'numbers',
  ...Array.from({ length: PRODUCT_NUMBERS_MAX }, (_, index) => [`numbers.${index}.type`, `numbers.${index}.brand`, `numbers.${index}.number`] as const).flat(),
  'applications',
  ...Array.from({ length: APPLICATIONS_MAX }, (_, index) =>
    (['', '.yearFrom', '.yearTo', '.make', '.model', '.submodel', '.engine', '.qualifier', '.position'] as const).map(
      (field) => `applications.${index}${field}` as Path<ProductFormValues>,
    ),
  ).flat(),
];

/** What a product schema checks the form into: at least the picture link. */
type ProductOutput = FieldValues & { img?: string | undefined };

interface ProductFormProps<TOutput extends ProductOutput> {
  /** productAddFormSchema to add, productPatchSchema to edit. */
  schema: z.ZodType<TOutput, unknown>;
  defaultValues: ProductFormValues;
  /** Under Part Number (adding: how an empty one is filled). */
  skuHint?: string;
  /** Adding: the picture may be left empty (the shop's placeholder shows) and a stock of 0 is explained. */
  adding?: boolean;
  /** Whether the part's vehicle fitment was loaded to edit (false: its section is left out and it is not sent). */
  fitmentLoaded?: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The server call with the checked values; null when it is not made (a form-level message says why). */
  submit: (values: TOutput, form: { setFormError: (message: string) => void }) => Promise<Product | null>;
  onSaved: (product: Product, form: UseFormReturn<ProductFormValues, unknown, TOutput>) => void;
}

/** A product's fields, checked by the shared schema, for the Add and Edit pages. */
export function ProductForm<TOutput extends ProductOutput>({
  schema,
  defaultValues,
  skuHint,
  adding = false,
  fitmentLoaded = true,
  submitLabel,
  busyLabel,
  submit,
  onSaved,
}: ProductFormProps<TOutput>) {
  const {
    register,
    control,
    onSubmit,
    formError,
    setFormError,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useServerForm<ProductFormValues, TOutput, Product | null>({
    // Both product schemas read text inputs like these (numbers as text, an empty part number as none).
    schema: schema as z.ZodType<TOutput, ProductFormValues>,
    defaultValues,
    fields: FIELDS,
    submit: async (values): Promise<Product | null> => {
      // A new link whose picture does not load would show a broken image in the shop: refused (null: not sent).
      if (values.img !== undefined && values.img !== defaultValues.img && !(await preview.loads(values.img))) {
        setError('img', { type: 'picture', message: messages.ui.imageRefused }, { shouldFocus: true });
        return null;
      }
      return submit(values, { setFormError });
    },
    onSuccess: (product, form) => {
      if (product) onSaved(product, form);
    },
  });
  const preview = usePicturePreview(watch('img'));

  return (
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
      <Field label="Available Stock" error={errors.stock?.message} hint={adding ? productFormCopy.outOfStockHint : undefined}>
        <input type="number" min={0} step={1} className="input" {...register('stock')} />
      </Field>
      <Field label="Minimum Order Quantity" error={errors.min?.message}>
        <input type="number" min={1} step={1} className="input" {...register('min')} />
      </Field>
      <Field
        label="Product Image"
        error={errors.img?.message}
        hint={adding ? productFormCopy.imageOptionalHint : 'An image link (https://…) or a path like /images/products/tire.svg'}
      >
        <input type="text" inputMode="url" className="input" {...register('img')} />
      </Field>
      <ImageUpload onUploaded={(url) => setValue('img', url, { shouldDirty: true, shouldValidate: true })} />
      <PicturePreview preview={preview} className="sm:col-span-2" />
      <Field label="Part Number" error={errors.sku?.message} hint={skuHint}>
        <input type="text" className="input" autoComplete="off" {...register('sku')} />
      </Field>
      <Field label="Category" error={errors.category?.message}>
        <select className="input" {...register('category')}>
          {adding && <option value="">{productFormCopy.chooseCategory}</option>}
          {CATEGORIES.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Pack Size" error={errors.packSize?.message} hint={messages.ui.productAdmin.packSizeHint}>
        <input type="number" min={1} step={1} className="input" {...register('packSize')} />
      </Field>
      <Field label="Reorder Threshold" error={errors.reorderThreshold?.message} hint={messages.ui.productAdmin.reorderThresholdHint}>
        <input type="number" min={0} step={1} className="input" {...register('reorderThreshold')} />
      </Field>
      <Field label="Shipping Weight (g)" error={errors.weightGrams?.message} hint={messages.ui.productAdmin.weightHint}>
        <input type="number" min={0} step={1} className="input" {...register('weightGrams')} />
      </Field>
      <Field label="Tax Class" error={errors.taxClass?.message} hint={checkoutMessages.taxClassHint}>
        <select className="input" {...register('taxClass')}>
          {TAX_CLASSES.map((taxClass) => (
            <option key={taxClass} value={taxClass}>
              {checkoutMessages.taxClassNames[taxClass]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={messages.ui.productAdmin.coreChargeLabel} error={errors.coreCharge?.message} hint={messages.ui.productAdmin.coreChargeHint}>
        <input type="text" inputMode="decimal" className="input" {...register('coreCharge')} />
      </Field>
      <div className="sm:col-span-2">
        <PriceBreaksField control={control} register={register} errors={errors} />
      </div>
      <div className="sm:col-span-2">
        <SpecsField control={control} register={register} errors={errors} />
      </div>
      <div className="sm:col-span-2">
        <NumbersField control={control} register={register} errors={errors} />
      </div>
      <div className="sm:col-span-2">
        {fitmentLoaded ? (
          <FitmentField control={control} register={register} errors={errors} />
        ) : (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{productFormCopy.fitment.notLoaded}</p>
        )}
      </div>
      <SubmitRow className="sm:col-span-2" error={formError} busy={isSubmitting} label={submitLabel} busyLabel={busyLabel} />
    </form>
  );
}
