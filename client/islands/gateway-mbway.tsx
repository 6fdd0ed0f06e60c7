/**
 * Island: paying an order with MB WAY (/cart/payment/mb-way/gw, spec §2, §4). The shopper gives
 * their Portuguese mobile number (prefilled from the order's when it is one; what they typed before
 * the page hydrated is kept, client/hydration-input.ts), "Pay with MB WAY" sends the request to the
 * MB WAY app (POST /api/orders/payment/sibs/mbway/debit), and the page asks how it stands every
 * 2 s (spec §9) while the request waits, never beyond its window at SIBS (the answer's
 * `expiresAt`): accepted → /cart/ok; refused or lapsed → a message and the form to try again.
 * Nothing is sent on load: the phone is confirmed by the shopper first.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../api';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import type { GatewayPaymentProps } from '../pages/gateway-payment';
import type { PaymentAnswer } from '../payments/gateway-actions';
import { portugueseMobile } from '../../worker/payments/sibs/phone';

/** Spec §9: a pending MB WAY debit is asked about every 2 seconds. */
export const MBWAY_POLL_MS = 2_000;
/** One more ask just after the window, for SIBS' own verdict on a request left unanswered. */
const AFTER_WINDOW_MS = 5_000;

type Stage = { kind: 'form' } | { kind: 'waiting'; expiresAt: number; phoneEnding: string } | { kind: 'failed' } | { kind: 'lapsed' };

function debit(orderNumber: string, phone: string, hash: string | null): Promise<PaymentAnswer> {
  return unwrap(api.orders.payment.sibs.mbway.debit.$post({ json: { orderId: orderNumber, phone, ...(hash ? { hash } : {}) } }));
}

function transaction(orderNumber: string, hash: string | null): Promise<PaymentAnswer> {
  return unwrap(api.orders.payment.sibs.transaction[':id'].$get({ param: { id: encodeURIComponent(orderNumber) }, query: hash ? { hash } : {} }));
}

/** "04:59": minutes and seconds left. */
const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

export default function GatewayMbWay(props: GatewayPaymentProps) {
  const { t } = useLingui();
  const { language } = useStore();
  const [phone, setPhone] = useState(props.phone ?? '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [now, setNow] = useState(() => Date.now());
  const errorRef = useRef<HTMLParagraphElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  const invalidPhone = t`Enter a Portuguese mobile number: 9 digits starting with 91, 92, 93 or 96.`;

  /** Follows an answer: paid → the result page; waiting → the wait; refused → the message. Returns whether it waits. */
  function follow(answer: PaymentAnswer): boolean {
    const action = answer.action;
    if (answer.paymentResult === 'PROCESSED') {
      window.location.assign(answer.next);
      return false;
    }
    if (answer.paymentResult === 'PENDING' && action?.['type'] === 'await' && typeof action['expiresAt'] === 'number') {
      setStage({ kind: 'waiting', expiresAt: action['expiresAt'], phoneEnding: String(action['phoneEnding'] ?? '') });
      return true;
    }
    setStage({ kind: 'failed' });
    queueMicrotask(() => statusRef.current?.focus());
    return false;
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const mobile = portugueseMobile(phone);
    if (!mobile) {
      setPhoneError(invalidPhone);
      queueMicrotask(() => phoneRef.current?.focus());
      return;
    }
    setPhoneError(null);
    setBusy(true);
    try {
      if (follow(await debit(props.orderNumber, mobile, props.hash))) queueMicrotask(() => statusRef.current?.focus());
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setPhoneError(invalidPhone);
      else setError(failure instanceof ApiError && failure.message ? failure.message : t`We could not send the payment request. Please try again.`);
      queueMicrotask(() => errorRef.current?.focus());
    }
    setBusy(false);
  }

  // While the request waits: the clock every second, SIBS asked every 2 s until the window ends.
  const waitingUntil = stage.kind === 'waiting' ? stage.expiresAt : null;
  useEffect(() => {
    if (waitingUntil === null) return;
    let stopped = false;
    let poll: ReturnType<typeof setTimeout>;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const ask = () => {
      if (stopped) return;
      transaction(props.orderNumber, props.hash)
        .then((answer) => {
          if (stopped) return;
          if (!follow(answer)) stopped = true;
        })
        .catch(() => undefined)
        .finally(() => {
          if (stopped) return;
          if (Date.now() < waitingUntil + AFTER_WINDOW_MS) poll = setTimeout(ask, MBWAY_POLL_MS);
          else {
            stopped = true;
            setStage({ kind: 'lapsed' });
            queueMicrotask(() => statusRef.current?.focus());
          }
        });
    };
    poll = setTimeout(ask, MBWAY_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(poll);
      clearInterval(tick);
    };
    // The wait is one request: it restarts only with a new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waitingUntil]);

  const amount = formatMoney(props.amount, language);
  if (stage.kind === 'waiting') {
    const left = clock(stage.expiresAt - now);
    const ending = stage.phoneEnding;
    return (
      <div className="gateway-payment gateway-mbway" data-mbway="waiting">
        <div ref={statusRef} tabIndex={-1} role="status">
          <h2>
            <Trans>Accept the payment in your MB WAY app</Trans>
          </h2>
          <p>
            <Trans>
              We sent a request for {amount} to the MB WAY app of the phone ending in {ending}. Open the app and accept it.
            </Trans>
          </p>
        </div>
        <p className="gateway-mbway__time" role="timer">
          <Trans>Time left: {left}</Trans>
        </p>
        <p>
          <Trans>This page updates by itself once you answer in the app.</Trans>
        </p>
        <button type="button" className="button" onClick={() => setStage({ kind: 'form' })}>
          <Trans>Use another phone number</Trans>
        </button>
      </div>
    );
  }

  return (
    <div className="gateway-payment gateway-mbway" data-mbway={stage.kind}>
      <div ref={statusRef} tabIndex={-1}>
        {stage.kind === 'failed' ? (
          <p className="alert alert--warn" role="alert">
            <Trans>The payment was not accepted in MB WAY. You can try again.</Trans>
          </p>
        ) : null}
        {stage.kind === 'lapsed' ? (
          <p className="alert alert--warn" role="alert">
            <Trans>The time to accept the payment in MB WAY has run out. You can try again.</Trans>
          </p>
        ) : null}
      </div>
      <p>
        <Trans>Pay {amount} with MB WAY: you will accept the payment in the app on your phone.</Trans>
      </p>
      <form onSubmit={(event) => void pay(event)} noValidate>
        <div className={`field${phoneError ? ' field--invalid' : ''}`}>
          <label htmlFor="mbway-phone">
            <Trans>Mobile number linked to MB WAY</Trans>
          </label>
          <p className="field__hint" id="mbway-phone-hint">
            <Trans>9 digits, for example 912 345 678</Trans>
          </p>
          <input
            ref={phoneRef}
            id="mbway-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={20}
            required
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={phoneError ? 'mbway-phone-hint mbway-phone-error' : 'mbway-phone-hint'}
          />
          {phoneError ? (
            <p className="field__error" id="mbway-phone-error">
              {phoneError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--buy button--primary" disabled={busy} aria-busy={busy} data-gateway-start>
          {busy ? <Trans>Sending the request…</Trans> : <Trans>Pay with MB WAY</Trans>}
        </button>
      </form>
      <p role="alert" ref={errorRef} tabIndex={-1} className="form-alert">
        {error}
      </p>
    </div>
  );
}
