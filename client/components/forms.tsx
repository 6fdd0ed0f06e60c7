/**
 * Form pieces for islands: labelled fields whose error is announced and tied to the input
 * (aria-invalid, aria-describedby), a form-level alert, and `useApiForm`, which runs a call
 * and keeps its busy state, its message and its per-field messages.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiError } from '../api';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

export function Field({ id, label, value, onChange, error, hint, ...input }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input id={id} name={id} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field for choosing a password, with the length rule the server applies (worker/identity/password.ts). */
export function NewPasswordField({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useLingui();
  return <Field id={id} label={label} type="password" autoComplete="new-password" required minLength={8} value={value} onChange={onChange} hint={t`At least 8 characters.`} error={error} />;
}

interface SelectFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error?: string;
  required?: boolean;
}

export function SelectField({ id, label, value, onChange, options, error, required }: SelectFieldProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={id} value={value} required={required} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  // The region exists from the start so screen readers announce the message when it appears.
  return (
    <div className="form-alert" role="alert">
      {message ? <p>{message}</p> : null}
    </div>
  );
}

export function useApiForm() {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  /** Runs the call; on failure keeps its messages and returns undefined. */
  async function run<T>(action: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      return await action();
    } catch (failure) {
      if (failure instanceof ApiError) {
        const fields = failure.fieldIssues;
        setFieldErrors(fields);
        const generic = failure.status === 408 ? t`The request took too long. Please try again.` : t`Something went wrong. Please try again.`;
        setError(Object.keys(fields).length > 0 ? t`Please correct the highlighted fields.` : failure.message || generic);
      } else {
        setError(t`Something went wrong. Please try again.`);
      }
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, fieldErrors, run, setError };
}

/** Where to go after signing in: a path on this site only (never another host). */
export function safeNext(next: string | null | undefined, fallback: string): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') && next.length < 500 ? next : fallback;
}
