import { useEffect, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { applyServerError } from './form-errors.js';

interface ServerFormOptions<TInput extends FieldValues, TOutput extends FieldValues, TResult> {
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** The form's inputs: a server message about one of them goes under it, anything else into `formError`. */
  fields: readonly Path<TInput>[];
  /** The server call, with the checked values. */
  submit: (values: TOutput) => Promise<TResult>;
  /** After the call succeeded (toast, reset, navigate…); not run when it failed. */
  onSuccess: (result: TResult, form: UseFormReturn<TInput, unknown, TOutput>) => void;
  /** When the user changes an input (typing, not a programmatic reset). */
  onEdit?: () => void;
}

/**
 * A react-hook-form form checked by a zod schema whose submit calls the server: `onSubmit` clears the
 * form-level error, runs `submit`, and shows a failure with `applyServerError` (under the inputs it names,
 * the rest in `formError`); `onSuccess` runs only when the call succeeded. Editing the form clears `formError`.
 */
export function useServerForm<TInput extends FieldValues, TOutput extends FieldValues, TResult>({
  schema,
  defaultValues,
  fields,
  submit,
  onSuccess,
  onEdit,
}: ServerFormOptions<TInput, TOutput, TResult>) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });

  // The form-level error is about what was sent ("Wrong e-mail or password"): once the form changes, it is gone.
  const onEditRef = useRef(onEdit);
  onEditRef.current = onEdit;
  const { watch } = form;
  useEffect(() => {
    const { unsubscribe } = watch((_values, { type }) => {
      if (type !== 'change') return;
      setFormError(null);
      onEditRef.current?.();
    });
    return unsubscribe;
  }, [watch]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    let result: TResult;
    try {
      result = await submit(values);
    } catch (error) {
      setFormError(applyServerError(error, form.setError, fields) || null);
      return;
    }
    onSuccess(result, form);
  });

  return { ...form, onSubmit, formError, setFormError };
}
