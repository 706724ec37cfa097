import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { useFocusWhenShown } from '../lib/useFocusWhenShown.js';

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** One input, select or textarea; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** A labelled form control with its error message underneath (red, announced to screen readers). */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-level error (server answers, sign-in problems): small red text under the form, focused when it shows. */
export function FormError({ message }: { message?: string | null | undefined }) {
  const ref = useFocusWhenShown<HTMLParagraphElement>(message);
  if (!message) return null;
  return (
    <p ref={ref} role="alert" tabIndex={-1} className="mt-3 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

interface SubmitRowProps {
  /** The form-level error to show above the button. */
  error?: string | null | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Classes of the wrapper (e.g. to span a grid's columns) and of the button. */
  className?: string;
  buttonClassName?: string;
}

/** The end of a form: its form-level error, then the submit button, disabled and relabelled while busy. */
export function SubmitRow({ error, busy, label, busyLabel, className, buttonClassName = 'btn-primary' }: SubmitRowProps) {
  return (
    <div className={className}>
      <FormError message={error} />
      <button type="submit" className={buttonClassName} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
