/**
 * Island: paying an order in instalments with Aplazame (/cart/payment/aplazame/gw, spec §2, §4). It
 * shows the amount and what Aplazame asks, starts the payment (at once when coming straight from
 * placing the order) with `POST /api/orders/transaction/aplazame/init/{orderId}`, and on 695102
 * (Aplazame could not open a checkout just now) tries once more after 1 s, then shows the error.
 *
 * Aplazame's checkout loads in a frame of this page (the method's loading mode is `iframe`, as
 * aplazame.js shows it over the merchant's page): the shopper completes it there, and Aplazame
 * sends the whole window back to our return page, which records the result and goes on to
 * /cart/ok or /cart/ko. Meanwhile the page asks how the payment stands every 5 s, so a checkout
 * finished elsewhere (another tab, the identity check later) moves on too. The frame can be left
 * for the page itself (a link), or given up for another way to pay.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError, unwrap } from '../api';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import type { GatewayPaymentProps } from '../pages/gateway-payment';
import { abandonGatewayPayment, gatewayPaymentStatus, isRedirect, type PaymentAnswer } from '../payments/gateway-actions';

/** Spec §4, §9: the start is tried once more, 1 s later, when Aplazame answers 695102. */
export const APLAZAME_RETRY_CODE = 695102;
export const APLAZAME_RETRY_DELAY_MS = 1_000;
/** How often the page asks how the payment stands while Aplazame's checkout is open. */
const STATUS_POLL_MS = 5_000;
/** Aplazame's limits (spec §5), shown in its terms. */
const MIN_AMOUNT = 1_000;
const MAX_AMOUNT = 400_000;

function init(orderNumber: string, hash: string | null): Promise<PaymentAnswer> {
  return unwrap(api.orders.transaction.aplazame.init[':id'].$post({ param: { id: encodeURIComponent(orderNumber) }, json: hash ? { hash } : {} }));
}

/** The start, tried once more after `delayMs` when the first answer is 695102; `onRetry` is told before waiting. */
export async function startWithRetry(start: () => Promise<PaymentAnswer>, onRetry: () => void, delayMs = APLAZAME_RETRY_DELAY_MS): Promise<PaymentAnswer> {
  try {
    return await start();
  } catch (failure) {
    if (!(failure instanceof ApiError) || Number(failure.code) !== APLAZAME_RETRY_CODE) throw failure;
    onRetry();
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return start();
  }
}

type Stage = { kind: 'ready' } | { kind: 'starting'; retrying: boolean } | { kind: 'checkout'; url: string } | { kind: 'leaving' };

export default function GatewayAplazame(props: GatewayPaymentProps) {
  const { t } = useLingui();
  const { language } = useStore();
  const [stage, setStage] = useState<Stage>({ kind: 'ready' });
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const checkoutRef = useRef<HTMLParagraphElement>(null);
  const started = useRef(false);

  function fail(message: string) {
    setError(message);
    setStage({ kind: 'ready' });
    queueMicrotask(() => errorRef.current?.focus());
  }

  /** Where an answer leads: Aplazame's checkout in the frame, or (paid, refused) the result page. */
  function follow(answer: PaymentAnswer) {
    if (!answer.action) {
      setStage({ kind: 'leaving' });
      window.location.assign(answer.next);
      return;
    }
    if (!isRedirect(answer.action)) return fail(t`We could not open Aplazame's page. Please try again.`);
    setStage({ kind: 'checkout', url: answer.action.url });
    queueMicrotask(() => checkoutRef.current?.focus());
  }

  async function start() {
    setError(null);
    setStage({ kind: 'starting', retrying: false });
    try {
      follow(await startWithRetry(() => init(props.orderNumber, props.hash), () => setStage({ kind: 'starting', retrying: true })));
    } catch (failure) {
      fail(failure instanceof ApiError && failure.message ? failure.message : t`We could not open Aplazame's page. Please try again.`);
    }
  }

  async function leave() {
    setStage({ kind: 'leaving' });
    try {
      const answer = await abandonGatewayPayment(props.orderNumber, props.hash);
      window.location.assign(answer.next);
    } catch (failure) {
      fail(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
    }
  }

  useEffect(() => {
    if (!props.autoStart || started.current) return;
    started.current = true;
    void start();
    // Once, on load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // While the checkout is open: a payment settled meanwhile (elsewhere, or by Aplazame's notification) leaves the page.
  const open = stage.kind === 'checkout';
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      gatewayPaymentStatus(props.orderNumber, props.hash)
        .then((answer) => {
          if (!answer.action) {
            clearInterval(timer);
            window.location.assign(answer.next);
          }
        })
        .catch(() => undefined);
    }, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [open, props.orderNumber, props.hash]);

  const amount = formatMoney(props.amount, language);
  const min = formatMoney(MIN_AMOUNT, language);
  const max = formatMoney(MAX_AMOUNT, language);
  const busy = stage.kind === 'starting' || stage.kind === 'leaving';
  return (
    <div className="gateway-payment gateway-aplazame" data-stage={stage.kind}>
      <h2>
        <Trans>Pay {amount} in instalments with Aplazame</Trans>
      </h2>
      <p>
        <Trans>
          Aplazame pays the order for you and you repay it in monthly instalments. It finances orders from {min} to {max}, subject to Aplazame's approval: it will ask for your ID card (DNI or NIE) and a bank card for the payments. The cost and the instalments are shown on Aplazame's page before you accept.
        </Trans>
      </p>
      {stage.kind === 'checkout' ? (
        <>
          <p ref={checkoutRef} tabIndex={-1}>
            <Trans>Complete your application on Aplazame's page below. When you finish, you will come back to your order.</Trans>
          </p>
          <iframe className="gateway-aplazame__frame" src={stage.url} title={t`Aplazame's secure payment page`} width="100%" height="720" data-aplazame-checkout />
          <p>
            <a href={stage.url}>
              <Trans>Open Aplazame's page in this window instead</Trans>
            </a>
          </p>
          <button type="button" className="button" onClick={() => void leave()}>
            <Trans>Cancel and choose another way to pay</Trans>
          </button>
        </>
      ) : (
        <button type="button" className="button button--buy button--primary" onClick={() => void start()} disabled={busy} aria-busy={busy} data-gateway-start>
          {busy ? <Trans>Opening Aplazame…</Trans> : <Trans>Continue to Aplazame</Trans>}
        </button>
      )}
      <p role="status" className="gateway-aplazame__status">
        {stage.kind === 'starting' && stage.retrying ? <Trans>Aplazame is busy. Trying again…</Trans> : null}
      </p>
      <p role="alert" ref={errorRef} tabIndex={-1} className="form-alert">
        {error}
      </p>
    </div>
  );
}
