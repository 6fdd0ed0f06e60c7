/**
 * Island: adds a coupon code to the account. A plain form that posts to the API without script
 * (the answer is the coupons screen again, with the coupon added or the refusal shown);
 * hydrated, it sends the code by fetch, shows a refusal in the page's language next to the field
 * and moves the focus there, and on success reloads the list with the new coupon announced.
 */
import { Trans } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { api, apiAddress, unwrap } from '../api';
import { PageFormFields, useApiForm } from '../components/forms';

export interface CouponAddFormProps {
  /** The signed-in customer's address: the form posts to `/api/user/{email}/discountcode`. */
  email: string;
  /** The page's language, for the answer without script. */
  language: string;
  /** A refusal the form came back with (without script), already in the page's language. */
  error: string | null;
  /** What was typed before that refusal. */
  code: string;
}

export default function CouponAddForm({ email, language, error, code: typed }: CouponAddFormProps) {
  const coupons = api.user[':email'].discountcode;
  const param = { email: encodeURIComponent(email) };
  const form = useApiForm();
  const [code, setCode] = useState(typed);
  const input = useRef<HTMLInputElement>(null);
  const message = form.fieldErrors['code'] ?? form.error ?? (form.busy ? null : error);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const added = await form.run(() => unwrap(coupons.$post({ param, query: { code } })));
    if (added) {
      const next = new URL(window.location.href);
      next.search = new URLSearchParams({ added: added.code }).toString();
      window.location.assign(next.toString());
    } else {
      input.current?.focus();
    }
  }
  return (
    <form className="coupon-add" method="post" action={apiAddress(coupons.$path({ param, query: {} }))} onSubmit={submit} aria-labelledby="coupon-add-title">
      <h2 id="coupon-add-title" className="coupon-add__title">
        <Trans>Add a coupon</Trans>
      </h2>
      <div className={`field${message ? ' field--invalid' : ''}`}>
        <label htmlFor="coupon-add-code">
          <Trans>Coupon code</Trans>
        </label>
        <p className="field__hint" id="coupon-add-hint">
          <Trans>Codes are not case-sensitive.</Trans>
        </p>
        <div className="coupon-add__row">
          <input
            ref={input}
            id="coupon-add-code"
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus={error !== null}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'coupon-add-hint coupon-add-error' : 'coupon-add-hint'}
          />
          <button className="button button--primary" type="submit" disabled={form.busy} aria-busy={form.busy || undefined}>
            <Trans>Add</Trans>
          </button>
        </div>
        <div role="alert" className="coupon-add__alert">
          {message ? (
            <p className="field__error" id="coupon-add-error">
              {message}
            </p>
          ) : null}
        </div>
      </div>
      <PageFormFields language={language} />
    </form>
  );
}
