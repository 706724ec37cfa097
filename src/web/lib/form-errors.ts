import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessages } from '../../shared/messages.js';
import { ApiError } from './api-client.js';

/**
 * Shows a failed call in a form: each `fields` entry of the server's answer goes under its input,
 * the message (and any field the form does not have) under the form. Returns the form-level text.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
): string {
  if (!(error instanceof ApiError)) return errorMessages.internal;
  const leftover: string[] = [];
  let shownOnField = false;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    if ((formFields as readonly string[]).includes(field)) {
      // The first input the server names takes the focus (scrolled into view), as the form's own checks do.
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !shownOnField });
      shownOnField = true;
    } else {
      leftover.push(message);
    }
  }
  if (leftover.length > 0) return leftover.join(' ');
  // When the fields say it all, the generic "Some fields are not valid" adds nothing.
  if (shownOnField && (error.code === 'validation' || Object.values(error.fields ?? {}).includes(error.message))) return '';
  return error.message;
}

export function errorText(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : errorMessages.internal;
}
