/**
 * The card form (spec §2, §4; PCI DSS SAQ-A): adyen-web's Card component, whose secured fields
 * send our server only encrypted card data, plus the shopper's stored cards and, where the
 * browser supports them, Google Pay and Apple Pay. adyen-web and its stylesheet are imported
 * when the form renders, never on other pages. The form pays through the caller's `pay` call
 * (Advanced flow: our server calls the provider), runs a 3-D Secure action in the page (or
 * follows its redirect), sends the action's details through `details`, and hands the final
 * answer to `onDone`. While the bank's step is on screen, a caller that can give the attempt up
 * (`cancel`, an order's `unpaid` call) offers the shopper a way out to another way to pay.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type JSX } from 'react';
import type { CoreConfiguration, PaymentMethodsResponse, UIElement } from '@adyen/adyen-web';
import { ApiError, callUrl, type api, type ApiData } from '../api';
import { useStore } from '../components/store-context';
import type { PaymentAnswer } from '../../worker/payments/answer';
import { adyenTranslations } from './adyen-strings';
import { StoredCardLabel } from './stored-card-label';
import { ADYEN_LOCALES, browserInfo, initialStoredChoice, orderStoredMethods, type StoredMethod } from './card-rules';

export type { PaymentAnswer };

export interface CardPayData {
  paymentMethod: Record<string, unknown>;
  browserInfo?: Record<string, unknown>;
  storePaymentMethod?: boolean;
  origin: string;
}

export interface AdyenCardFormProps {
  /** One of the two config calls: /api/orders/payment/adyen/config?orderId=N or /api/user/adyen/config. */
  configUrl: string;
  /** Shows the "save this card" checkbox. */
  showStoreDetails: boolean;
  submitLabel: string;
  pay: (data: CardPayData) => Promise<PaymentAnswer>;
  details: (details: Record<string, unknown>) => Promise<PaymentAnswer>;
  /** Default use: location.assign(answer.next). */
  onDone: (answer: PaymentAnswer) => void;
  /**
   * Gives up the attempt waiting for the bank's step (3-D Secure, wallet); its answer goes to
   * `onDone` (/cart/ko with the cancelled reason). Absent: no way out is offered (adding a card).
   */
  cancel?: () => Promise<PaymentAnswer>;
  /** The stored card chosen earlier (checkout draft `adyenInfo.selectedStoredCard`). */
  selectedStoredCard?: string | null;
  /** Told when the shopper picks a stored card (its id) or a new card (null). */
  onStoredCardChange?: (id: string | null) => void;
  /** A new card only, no stored cards or wallets, under this heading (adding a card to the account). */
  newCardOnly?: { title: string };
}

/** What the config calls answer (spec §7): GET /api/orders/payment/adyen/config, and /api/user/adyen/config the same. */
export type AdyenClientConfig = Omit<ApiData<typeof api.orders.payment.adyen.config.$get>, 'paymentMethodsResponse'> & {
  /** The provider's own answer, passed through by the Worker untyped: what this form reads of it. */
  paymentMethodsResponse: { paymentMethods?: { type: string; name?: string; brands?: string[] }[]; storedPaymentMethods?: StoredMethod[] };
};

type Phase = 'loading' | 'ready' | 'paying' | 'action' | 'unavailable';
type Wallet = 'googlepay' | 'applepay';
const WALLETS: Wallet[] = ['googlepay', 'applepay'];
const NEW_CARD = 'new';

const MESSAGES = {
  inProgress: msg`A payment for this order is already in progress. Wait a moment and check your orders before trying again.`,
  failed: msg`The payment could not be completed. Please try again.`,
  action: msg`Your bank needs to confirm the payment. Follow its steps below.`,
  received: msg`Payment received. One moment…`,
  processing: msg`Processing the payment…`,
  notLoaded: msg`The card form could not be loaded. Please reload the page.`,
  leaving: msg`Cancelling this payment…`,
};

export function AdyenCardForm(props: AdyenCardFormProps): JSX.Element {
  const { t, i18n } = useLingui();
  const { language } = useStore();
  const id = useId();
  const cardHost = useRef<HTMLDivElement>(null);
  const actionHost = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const walletHosts = { googlepay: useRef<HTMLDivElement>(null), applepay: useRef<HTMLDivElement>(null) };
  const checkoutRef = useRef<Awaited<ReturnType<typeof import('./adyen-loader').AdyenCheckout>> | null>(null);
  const cardRef = useRef<UIElement | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [stored, setStored] = useState<{ method: StoredMethod; expired: boolean }[]>([]);
  const [choice, setChoice] = useState<string>(NEW_CARD);
  const [wallets, setWallets] = useState<Wallet[]>([]);
  const [leaving, setLeaving] = useState(false);
  // adyen-web's callbacks are bound once at set-up: they read the latest props through this ref,
  // and word their messages with the page's i18n object, which is stable.
  const latest = useRef({ props });
  latest.current = { props };
  const say = (message: MessageDescriptor) => i18n._(message);

  function fail(message: string) {
    setError(message);
    setStatus('');
    // Focus goes to the message so keyboard and screen-reader users meet it first.
    queueMicrotask(() => errorRef.current?.focus());
  }

  function failureMessage(failure: unknown): string {
    if (failure instanceof ApiError && failure.code === 31008) return say(MESSAGES.inProgress);
    if (failure instanceof ApiError && failure.message) return failure.message;
    return say(MESSAGES.failed);
  }

  /** An answer from `pay` or `details`: run its action in the page, or finish. */
  function handleAnswer(answer: PaymentAnswer) {
    const checkout = checkoutRef.current;
    if (answer.action && checkout && actionHost.current) {
      setPhase('action');
      setStatus(say(MESSAGES.action));
      // Iframe mode (spec §3): the 3-D Secure challenge shows in the page, full width ('05');
      // a redirect action sends the browser to the provider and back to our return page.
      checkout.createFromAction(answer.action as never, { challengeWindowSize: '05' }).mount(actionHost.current);
      return;
    }
    setStatus(answer.paymentResult === 'PROCESSED' || answer.paymentResult === 'PENDING' ? say(MESSAGES.received) : '');
    latest.current.props.onDone(answer);
  }

  /** Pays; true when the answer was handled (an action or the end), false on a failed call. */
  async function submitPayment(data: Omit<CardPayData, 'origin'>): Promise<boolean> {
    setPhase('paying');
    setError(null);
    setStatus(say(MESSAGES.processing));
    try {
      handleAnswer(await latest.current.props.pay({ ...data, origin: location.origin }));
      return true;
    } catch (failure) {
      setPhase('ready');
      fail(failureMessage(failure));
      return false;
    }
  }

  async function submitDetails(details: Record<string, unknown>) {
    setStatus(say(MESSAGES.processing));
    try {
      handleAnswer(await latest.current.props.details(details));
    } catch (failure) {
      setPhase('ready');
      actionHost.current?.replaceChildren();
      fail(failureMessage(failure));
    }
  }

  /** The shopper leaves the bank's step: the attempt is given up and the answer says where to go. */
  async function leaveAction() {
    const cancel = latest.current.props.cancel;
    if (!cancel || leaving) return;
    setLeaving(true);
    setError(null);
    setStatus(say(MESSAGES.leaving));
    try {
      const answer = await cancel();
      setStatus('');
      latest.current.props.onDone(answer);
    } catch (failure) {
      // The step stays on screen (the bank may be answering right now): the shopper may try again.
      setLeaving(false);
      fail(failureMessage(failure));
    }
  }

  // The bank's step takes the form's place: keyboard and screen-reader users are taken to it.
  useEffect(() => {
    if (phase === 'action') actionHost.current?.focus();
  }, [phase]);

  useEffect(() => {
    let cancelled = false;
    const mounted: UIElement[] = [];
    (async () => {
      const [config, adyen] = await Promise.all([callUrl('GET', props.configUrl) as Promise<AdyenClientConfig>, import('./adyen-loader')]);
      if (cancelled) return;
      const api = config.environmentUrls?.api;
      const options: CoreConfiguration = {
        clientKey: config.clientKey,
        environment: config.environment,
        // The sandbox serves what adyen-web would fetch from the provider (frames, images, translations).
        ...(api ? { _environmentUrls: { api, analytics: new URL('/checkoutanalytics/', api).href, cdn: { images: api, translations: api } } } : {}),
        locale: ADYEN_LOCALES[language],
        translations: adyenTranslations(i18n, ADYEN_LOCALES[language]),
        countryCode: config.countryCode,
        amount: config.amount,
        paymentMethodsResponse: config.paymentMethodsResponse as PaymentMethodsResponse,
        // No provider analytics from development and test runs.
        analytics: { enabled: config.environment === 'live' && !api },
        onSubmit: (state, component, actions) => {
          void submitPayment({ paymentMethod: state.data.paymentMethod as Record<string, unknown>, browserInfo: (state.data.browserInfo as Record<string, unknown> | undefined) ?? browserInfo(), storePaymentMethod: Boolean(state.data.storePaymentMethod) }).then((handled) => {
            if (handled) return;
            actions.reject();
            // adyen-web keeps the element busy after a rejection; the shopper may try again.
            setTimeout(() => component.setStatus('ready'));
          });
        },
        onAdditionalDetails: (state) => {
          void submitDetails(state.data.details as Record<string, unknown>);
        },
        onError: (failure) => {
          // The shopper closing a wallet sheet is no error to report.
          if (failure.name === 'CANCEL') return;
          console.error('card form', failure);
          // A failure while paying gives the form back; one during a 3-D Secure step leaves it on screen.
          setPhase((p) => (p === 'loading' ? 'unavailable' : p === 'paying' ? 'ready' : p));
          fail(say(MESSAGES.failed));
        },
      };
      const checkout = await adyen.AdyenCheckout(options);
      if (cancelled) return;
      checkoutRef.current = checkout;
      const ordered = latest.current.props.newCardOnly ? [] : orderStoredMethods(config.paymentMethodsResponse.storedPaymentMethods, new Date());
      setStored(ordered);
      setChoice(initialStoredChoice(ordered, latest.current.props.selectedStoredCard) ?? NEW_CARD);
      const scheme = config.paymentMethodsResponse.paymentMethods?.find((m) => m.type === 'scheme');
      const card = new adyen.Card(checkout, {
        brands: scheme?.brands,
        hasHolderName: true,
        holderNameRequired: true,
        enableStoreDetails: latest.current.props.showStoreDetails,
        showPayButton: false,
        // Ready once the secured fields have loaded (until then adyen-web shows them greyed out).
        onConfigSuccess: () => setPhase((p) => (p === 'loading' ? 'ready' : p)),
      });
      card.mount(cardHost.current!);
      cardRef.current = card;
      mounted.push(card);
      // Wallets only where the browser and the provider say they work (isAvailable()). Their SDKs
      // come from Google and Apple, which a development sandbox does not stand in for: none there.
      const offered = (api || latest.current.props.newCardOnly ? [] : WALLETS).filter((wallet) => config.paymentMethodsResponse.paymentMethods?.some((m) => m.type === wallet));
      const walletComponents = offered.length > 0 ? await import('./adyen-wallets') : undefined;
      for (const wallet of offered) {
        // An SDK that cannot load only means the wallet is not offered here.
        const quiet = { onError: () => undefined };
        const element = wallet === 'googlepay' ? new walletComponents!.GooglePay(checkout, quiet) : new walletComponents!.ApplePay(checkout, quiet);
        element
          .isAvailable()
          .then(() => {
            const host = walletHosts[wallet].current;
            if (cancelled || !host) return;
            element.mount(host);
            mounted.push(element);
            setWallets((list) => [...list, wallet]);
          })
          .catch(() => undefined);
      }
    })().catch((failure: unknown) => {
      if (cancelled) return;
      console.error('card form', failure);
      setPhase('unavailable');
      fail(failure instanceof ApiError && failure.message ? failure.message : say(MESSAGES.notLoaded));
    });
    return () => {
      cancelled = true;
      for (const element of mounted) element.unmount();
      checkoutRef.current = null;
      cardRef.current = null;
    };
    // The form is set up once per config call; the callbacks read the latest props.
  }, [props.configUrl, language]);

  function choose(value: string) {
    setChoice(value);
    setError(null);
    props.onStoredCardChange?.(value === NEW_CARD ? null : value);
  }

  function pay() {
    if (phase !== 'ready') return;
    if (choice !== NEW_CARD) {
      // A stored card is paid by its id (the provider keeps the card; no challenge for a stored card on file).
      void submitPayment({ paymentMethod: { type: 'scheme', storedPaymentMethodId: choice }, browserInfo: browserInfo() });
      return;
    }
    const card = cardRef.current;
    if (!card) return;
    if (!card.isValid) {
      setStatus('');
      setError(t`Check the card details: some fields are missing or not valid.`);
    }
    // Valid: onSubmit pays. Not valid: adyen-web shows each field's error and moves focus to the first.
    card.submit();
  }

  const busy = phase === 'loading' || phase === 'paying';
  const headingId = `${id}-title`;
  return (
    <section className="card-form" aria-labelledby={headingId} aria-busy={busy} data-phase={phase}>
      <h2 id={headingId}>{props.newCardOnly ? props.newCardOnly.title : <Trans>Pay by card</Trans>}</h2>
      <div className="form-alert" role="alert" ref={errorRef} tabIndex={-1}>
        {error ? <p>{error}</p> : null}
      </div>
      <p className="card-form__status" role="status" aria-live="polite">
        {phase === 'loading' ? t`Loading the secure card form…` : status}
      </p>
      <div hidden={phase === 'action' || phase === 'unavailable'}>
        {stored.length > 0 ? (
          <fieldset className="card-form__stored">
            <legend>
              <Trans>Your saved cards</Trans>
            </legend>
            {stored.map(({ method, expired }) => (
              <div className="choice" key={method.id}>
                <input type="radio" id={`${id}-${method.id}`} name={`${id}-card`} value={method.id} checked={choice === method.id} disabled={expired || busy} onChange={() => choose(method.id)} />
                <label htmlFor={`${id}-${method.id}`}>
                  <StoredCardLabel brand={method.brand ?? method.name ?? ''} lastFour={method.lastFour ?? ''} month={method.expiryMonth ?? ''} year={method.expiryYear ?? ''} holderName={method.holderName} expired={expired} />
                </label>
              </div>
            ))}
            <div className="choice">
              <input type="radio" id={`${id}-${NEW_CARD}`} name={`${id}-card`} value={NEW_CARD} checked={choice === NEW_CARD} disabled={busy} onChange={() => choose(NEW_CARD)} />
              <label htmlFor={`${id}-${NEW_CARD}`}>
                <Trans>A new card</Trans>
              </label>
            </div>
          </fieldset>
        ) : null}
        <div className="card-form__card" ref={cardHost} hidden={choice !== NEW_CARD} />
        <button className="button button--buy" type="button" onClick={pay} disabled={busy}>
          {props.submitLabel}
        </button>
        <div className="card-form__wallets" hidden={wallets.length === 0}>
          {wallets.length > 0 ? (
            <p>
              <Trans>Or pay with your wallet:</Trans>
            </p>
          ) : null}
          <div ref={walletHosts.googlepay} data-wallet="googlepay" />
          <div ref={walletHosts.applepay} data-wallet="applepay" />
        </div>
      </div>
      <div className="card-form__action" ref={actionHost} tabIndex={-1} hidden={phase !== 'action'} aria-label={t`Confirmation by your bank`} role="region" />
      {phase === 'action' && props.cancel ? (
        <button className="button button--secondary card-form__leave" type="button" onClick={() => void leaveAction()} disabled={leaving} aria-busy={leaving}>
          <Trans>Cancel and choose another way to pay</Trans>
        </button>
      ) : null}
    </section>
  );
}
