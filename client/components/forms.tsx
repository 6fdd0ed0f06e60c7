/**
 * Form pieces for islands: labelled fields whose error is announced and tied to the input
 * (aria-invalid, aria-describedby), a form-level alert, and `useApiForm`, which runs a call
 * and keeps its busy state, its message and its per-field messages.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
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

/** The ids a control is described by: its hint and its error, when there are. */
function describedByOf(id: string, hint: ReactNode, error: string | null | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A control's label, hint and error around it (Field, TextAreaField). */
function FieldFrame({ id, label, hint, error, children }: { id: string; label: ReactNode; hint?: ReactNode; error?: string | null; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={id} error={error ?? undefined} />
    </div>
  );
}

export function Field({ id, label, value, onChange, error, hint, ...input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input id={id} name={id} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedByOf(id, hint, error)} {...input} />
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  /** The textarea itself, to move the focus to it on an error. */
  fieldRef?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea with its hint and error tied to it, like `Field`; `name` defaults to the id. */
export function TextAreaField({ id, label, value, onChange, error, hint, fieldRef, name, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea id={id} name={name ?? id} ref={fieldRef} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedByOf(id, hint, error)} {...textarea} />
    </FieldFrame>
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

/**
 * For a form the browser validates itself (no `noValidate`): its bubbles would speak the
 * browser's language, so each constraint (required, type, minlength, maxlength, pattern) gets
 * the store's message in the page's language instead. Spread the result on the input.
 */
export function useNativeValidity() {
  const { t } = useLingui();
  return {
    onInvalid(event: FormEvent<HTMLInputElement>) {
      const input = event.currentTarget;
      const { validity } = input;
      const minimum = input.minLength;
      const maximum = input.maxLength;
      input.setCustomValidity(
        validity.valueMissing
          ? t`This field is required.`
          : validity.typeMismatch && input.type === 'email'
            ? t`Enter a valid e-mail address.`
            : validity.tooShort
              ? t`Use at least ${minimum} characters.`
              : validity.tooLong
                ? t`Use at most ${maximum} characters.`
                : validity.patternMismatch || validity.typeMismatch
                  ? t`This value does not have the expected format.`
                  : t`This value is not valid.`,
      );
    },
    // A new value is judged afresh (a custom message would otherwise keep the field invalid).
    onInput(event: FormEvent<HTMLInputElement>) {
      event.currentTarget.setCustomValidity('');
    },
  };
}

/**
 * The hidden fields of a form that also works without script: the call answers it with a page (a
 * 303) rather than JSON, in the language of the page it was sent from (worker/http/forms.ts).
 */
export function PageFormFields({ language }: { language: string }) {
  return (
    <>
      <input type="hidden" name="respond" value="page" />
      <input type="hidden" name="lang" value={language} />
    </>
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
