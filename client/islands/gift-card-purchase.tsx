/**
 * Island: buying gift cards (spec §2 gift cards). A real form posting to POST
 * /api/giftcards/purchase, which without script adds the cards and goes on to the basket (or
 * back here naming the fields to correct: `initialErrors`). Hydrated, it checks the fields in the
 * page's language, sends JSON, moves the focus to the first field to correct and announces the
 * result in a live region. What was typed before hydration is kept (client/hydration-input.ts).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../api';
import { refreshBasketCount } from '../cart/api';
import { Field, FormAlert, PageFormFields, TextAreaField } from '../components/forms';
import { formatMoney } from '../i18n/format';
import type { Language } from '../i18n/languages';

/** The purchase's fields, as the API names them. */
export type GiftCardField = 'amount' | 'recipientName' | 'recipientEmail' | 'message' | 'senderName' | 'qty';

export interface GiftCardPurchaseProps {
  /** Amounts on sale, in cents. */
  amounts: readonly number[];
  language: Language;
  /** Where the form posts. */
  action: string;
  basketHref: string;
  limits: { qtyMin: number; qtyMax: number; messageMax: number; nameMax: number };
  /** After a refusal of the form sent without script: the fields to correct, and whether something else failed. */
  initialErrors?: GiftCardField[];
  initialProblem?: boolean;
}

interface Values {
  amount: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  senderName: string;
  qty: string;
}

const ORDER: GiftCardField[] = ['amount', 'recipientName', 'recipientEmail', 'message', 'senderName', 'qty'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const idOf = (field: GiftCardField) => `gift-card-${field}`;

export default function GiftCardPurchase({ amounts, language, action, basketHref, limits, initialErrors = [], initialProblem = false }: GiftCardPurchaseProps) {
  const { t } = useLingui();
  const [values, setValues] = useState<Values>({ amount: '', recipientName: '', recipientEmail: '', message: '', senderName: '', qty: '1' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(initialProblem ? t`The gift cards could not be added to your basket. Please try again.` : null);
  const [added, setAdded] = useState<{ qty: number; name: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { qtyMin, qtyMax, messageMax, nameMax } = limits;

  const messages: Record<GiftCardField, string> = {
    amount: t`Choose the amount of the gift card.`,
    recipientName: t`Enter the name of the person the gift card is for.`,
    recipientEmail: t`Enter a valid e-mail address for the person the gift card is for.`,
    message: t`The message can be at most ${messageMax} characters long.`,
    senderName: t`Enter your name, so they know who the gift is from.`,
    qty: t`Choose between ${qtyMin} and ${qtyMax} gift cards.`,
  };
  const [errors, setErrors] = useState<Partial<Record<GiftCardField, string>>>(() => Object.fromEntries(initialErrors.filter((f) => ORDER.includes(f)).map((f) => [f, messages[f]])));

  const set = (field: keyof Values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function check(v: Values): Partial<Record<GiftCardField, string>> {
    const found: Partial<Record<GiftCardField, string>> = {};
    if (!amounts.includes(Number(v.amount))) found.amount = messages.amount;
    if (v.recipientName.trim() === '' || v.recipientName.trim().length > nameMax) found.recipientName = messages.recipientName;
    if (!EMAIL.test(v.recipientEmail.trim())) found.recipientEmail = messages.recipientEmail;
    if (v.message.trim().length > messageMax) found.message = messages.message;
    if (v.senderName.trim() === '' || v.senderName.trim().length > nameMax) found.senderName = messages.senderName;
    const qty = Number(v.qty);
    if (!Number.isInteger(qty) || qty < qtyMin || qty > qtyMax) found.qty = messages.qty;
    return found;
  }

  function focusFirst(found: Partial<Record<GiftCardField, string>>) {
    const first = ORDER.find((field) => found[field]);
    if (!first) return;
    const target = first === 'amount' ? formRef.current?.querySelector<HTMLInputElement>('input[name="amount"]') : document.getElementById(idOf(first));
    target?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    setAdded(null);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    try {
      const qty = Number(values.qty);
      const json = {
        amount: Number(values.amount),
        qty,
        recipientName: values.recipientName.trim(),
        recipientEmail: values.recipientEmail.trim(),
        message: values.message.trim(),
        senderName: values.senderName.trim(),
      };
      await unwrap(api.giftcards.purchase.$post({ json }));
      refreshBasketCount();
      setAdded({ qty, name: values.recipientName.trim() });
      // Ready for the next card, for someone else.
      setValues((current) => ({ ...current, recipientName: '', recipientEmail: '', message: '', qty: '1' }));
    } catch (failure) {
      const issues = failure instanceof ApiError ? failure.fieldIssues : {};
      const server: Partial<Record<GiftCardField, string>> = {};
      for (const field of ORDER) if (issues[field] !== undefined) server[field] = messages[field];
      if (Object.keys(server).length > 0) {
        setErrors(server);
        focusFirst(server);
      } else setProblem(failure instanceof ApiError && failure.message ? failure.message : t`The gift cards could not be added to your basket. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  const count = added?.qty ?? 0;
  const recipient = added?.name ?? '';
  return (
    <form ref={formRef} id="gift-card-purchase" className="gift-card-purchase" method="post" action={action} onSubmit={submit} noValidate aria-labelledby="gift-card-purchase-title">
      <h2 id="gift-card-purchase-title">
        <Trans>Buy a gift card</Trans>
      </h2>
      <PageFormFields language={language} />
      <FormAlert message={problem} />
      <fieldset className={`field gift-card-purchase__amounts${errors.amount ? ' field--invalid' : ''}`} aria-describedby={errors.amount ? `${idOf('amount')}-error` : undefined}>
        <legend>
          <Trans>Amount</Trans>
        </legend>
        <div className="gift-card-purchase__options">
          {amounts.map((amount) => (
            <div className="gift-card-purchase__option" key={amount}>
              <input type="radio" id={`${idOf('amount')}-${amount}`} name="amount" value={amount} checked={values.amount === String(amount)} onChange={() => set('amount')(String(amount))} aria-invalid={errors.amount ? true : undefined} />
              <label htmlFor={`${idOf('amount')}-${amount}`}>{formatMoney(amount, language)}</label>
            </div>
          ))}
        </div>
        {errors.amount ? (
          <p className="field__error" id={`${idOf('amount')}-error`}>
            {errors.amount}
          </p>
        ) : null}
      </fieldset>
      <Field id={idOf('recipientName')} name="recipientName" label={t`Recipient’s name`} value={values.recipientName} onChange={set('recipientName')} error={errors.recipientName} required maxLength={nameMax} autoComplete="off" />
      <Field id={idOf('recipientEmail')} name="recipientEmail" type="email" label={t`Recipient’s e-mail`} hint={t`We e-mail the gift card here once it is paid.`} value={values.recipientEmail} onChange={set('recipientEmail')} error={errors.recipientEmail} required maxLength={254} autoComplete="off" />
      <TextAreaField id={idOf('message')} name="message" label={t`Message (optional)`} hint={t`Up to ${messageMax} characters.`} value={values.message} onChange={set('message')} error={errors.message} maxLength={messageMax} rows={3} />
      <Field id={idOf('senderName')} name="senderName" label={t`Your name`} value={values.senderName} onChange={set('senderName')} error={errors.senderName} required maxLength={nameMax} autoComplete="name" />
      <Field id={idOf('qty')} name="qty" type="number" inputMode="numeric" label={t`Number of cards`} hint={t`From ${qtyMin} to ${qtyMax}, all for this person.`} value={values.qty} onChange={set('qty')} error={errors.qty} required min={qtyMin} max={qtyMax} />
      <button className="button button--buy" type="submit" disabled={busy}>
        <Trans>Add to basket</Trans>
      </button>
      <p role="status" className="gift-card-purchase__status">
        {added ? (
          <>
            {count === 1 ? <Trans>A gift card for {recipient} is in your basket.</Trans> : <Trans>{count} gift cards for {recipient} are in your basket.</Trans>}{' '}
            <a href={basketHref}>
              <Trans>Go to my basket</Trans>
            </a>
          </>
        ) : null}
      </p>
    </form>
  );
}
