/**
 * Island: the account's saved cards (spec §2 /usuarios/panel/tarjetas, §3 stored bank card). The
 * list comes rendered from the server; removing a card asks first in a modal dialog (focus on
 * "Keep the card", Escape keeps it, focus back where it was), and the outcome is announced. A
 * card is added with the provider's card form (loaded only when the shopper opens it) through a
 * zero-amount check that stores it; a bank's 3-D Secure step by redirect comes back here with
 * `redirectResult`, which is sent on once.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { StoredBankCard } from '../../worker/payments/stored-cards';
import type { PaymentAnswer } from '../../worker/payments/answer';
import { api, ApiError, unwrap } from '../api';
import { AdyenCardForm, type CardPayData } from '../payments/adyen-card';
import { FAILURE_REASON_MESSAGES } from '../payments/messages';
import { brandName, expiryText } from '../account/cards';

export interface StoredCardsProps {
  cards: StoredBankCard[];
  /** The provider could not be reached when the page was made: the list shows empty (spec §4). */
  loadFailed: boolean;
  /** The 3-D Secure result of a card being added, when the bank sent the shopper back here. */
  redirectResult: string | null;
}

/** `focusAfter` value for the list's heading. */
const HEADING = 'heading';

const addCard = (data: CardPayData) => unwrap(api.user.adyen['new-card'].$post({ json: data }));
const cardDetails = (details: Record<string, unknown>) => unwrap(api.user.adyen.payment.details.$post({ json: { details } }));

export default function StoredCards(props: StoredCardsProps) {
  const { t, i18n } = useLingui();
  // One list per page. Not useId(): the island renders alone in the browser, so its ids would not
  // be the ones the server rendered with the whole page.
  const id = 'saved-cards';
  const [cards, setCards] = useState(props.cards);
  const [loadFailed, setLoadFailed] = useState(props.loadFailed);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<StoredBankCard | null>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  // A new card form after a refusal: adyen-web's element is done once it handed over its answer.
  const [formKey, setFormKey] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  /** Where the focus goes back to when the dialog closes without removing: the button that opened it. */
  const opener = useRef<HTMLElement | null>(null);
  /** After a removal: the element to focus once the dialog has closed. */
  const afterClose = useRef<string | null>(null);
  /** The element to focus once the list has re-rendered (the dialog is closed by then). */
  const [focusAfter, setFocusAfter] = useState<string | null>(null);

  useEffect(() => {
    if (!focusAfter) return;
    (focusAfter === HEADING ? heading.current : document.getElementById(focusAfter))?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  function showError(message: string) {
    setError(message);
    queueMicrotask(() => errorRef.current?.focus());
  }

  async function reload(): Promise<StoredBankCard[] | null> {
    try {
      const fresh = await unwrap(api.user.bankCards.$get());
      setCards(fresh);
      setLoadFailed(false);
      return fresh;
    } catch {
      return null;
    }
  }

  async function finishAdding(answer: PaymentAnswer) {
    if (answer.paymentResult === 'PROCESSED' || answer.paymentResult === 'PENDING') {
      const before = new Set(cards.map((c) => c.id));
      const fresh = await reload();
      const added = fresh?.find((c) => !before.has(c.id));
      setAdding(false);
      setError(null);
      setFocusAfter(HEADING);
      if (added) {
        const brand = brandName(added.brand);
        const last = added.lastFourDigits;
        setAnnouncement(t`Card saved: ${brand} ending in ${last}.`);
      } else setAnnouncement(t`Your card is being confirmed. It will appear here in a moment.`);
      return;
    }
    const reason = answer.reason ?? 'general';
    showError(`${i18n._(FAILURE_REASON_MESSAGES[reason])} ${t`The card was not saved. You can try again or use another card.`}`);
    setFormKey((key) => key + 1);
  }

  // Back from the bank's 3-D Secure page: send its result once, then take it out of the address.
  useEffect(() => {
    if (!props.redirectResult) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('redirectResult');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    setAnnouncement(t`Checking your card…`);
    cardDetails({ redirectResult: props.redirectResult })
      .then(finishAdding)
      .catch((failure: unknown) => showError(failure instanceof ApiError && failure.message ? failure.message : t`The card could not be saved. Please try again.`));
    // Once, for the result the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function askRemove(card: StoredBankCard, button: HTMLElement) {
    opener.current = button;
    setError(null);
    setRemoving(card);
    dialog.current?.showModal();
  }

  function keep() {
    dialog.current?.close();
  }

  // However the dialog closes (Keep, Escape), the focus returns to the button that opened it, if it is still there.
  function onDialogClose() {
    setRemoving(null);
    const back = opener.current;
    opener.current = null;
    if (afterClose.current) {
      setFocusAfter(afterClose.current);
      afterClose.current = null;
    } else if (back?.isConnected) back.focus();
  }

  async function remove() {
    const card = removing;
    if (!card || busy) return;
    setBusy(true);
    try {
      await unwrap(api.user[0].bankstore.adyen[':id'].disable.$delete({ param: { id: encodeURIComponent(card.id) } }));
      const index = cards.findIndex((c) => c.id === card.id);
      const rest = cards.filter((c) => c.id !== card.id);
      setCards(rest);
      const brand = brandName(card.brand);
      const last = card.lastFourDigits;
      setAnnouncement(t`Card removed: ${brand} ending in ${last}.`);
      // The focus moves to the card now in its place (or the one before), or to the heading when none
      // is left, once the dialog has finished closing (the browser moves the focus as it closes).
      const next = rest[Math.min(index, rest.length - 1)];
      opener.current = null;
      afterClose.current = next ? `${id}-remove-${next.id}` : HEADING;
      dialog.current?.close();
    } catch (failure) {
      dialog.current?.close();
      showError(failure instanceof ApiError && failure.message ? failure.message : t`The card could not be removed. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  function toggleAdd() {
    setError(null);
    setAdding((open) => !open);
  }

  const titleId = `${id}-title`;
  const dialogTitleId = `${id}-dialog-title`;
  const dialogTextId = `${id}-dialog-text`;
  return (
    <div className="saved-cards">
      <p className="saved-cards__status" role="status" aria-live="polite" data-cards-status>
        {announcement}
      </p>
      <div className="form-alert" role="alert" ref={errorRef} tabIndex={-1}>
        {error ? <p>{error}</p> : null}
      </div>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        <Trans>Your saved cards</Trans>
      </h2>
      {cards.length === 0 ? (
        <p data-cards-empty>{loadFailed ? <Trans>We could not load your saved cards right now. Please try again later.</Trans> : <Trans>You have no saved cards yet. Cards you save when paying, or add here, will appear in this list.</Trans>}</p>
      ) : (
        <ul className="saved-cards__list" aria-labelledby={titleId}>
          {cards.map((card) => (
            <SavedCard key={card.id} card={card} removeId={`${id}-remove-${card.id}`} onRemove={askRemove} />
          ))}
        </ul>
      )}

      <div className="saved-cards__add">
        <button type="button" ref={addButton} className="button" aria-expanded={adding} aria-controls={`${id}-add`} onClick={toggleAdd}>
          {adding ? <Trans>Cancel adding a card</Trans> : <Trans>Add a card</Trans>}
        </button>
        <div id={`${id}-add`} hidden={!adding}>
          {adding ? (
            <>
              <p>
                <Trans>We check the card with your bank without charging anything, then save it for your next purchases.</Trans>
              </p>
              <AdyenCardForm
                key={formKey}
                configUrl="/api/user/adyen/config"
                newCardOnly={{ title: t`Add a card` }}
                showStoreDetails={false}
                submitLabel={t`Save card`}
                pay={addCard}
                details={cardDetails}
                onDone={(answer) => void finishAdding(answer)}
              />
            </>
          ) : null}
        </div>
      </div>

      <dialog ref={dialog} className="modal" aria-labelledby={dialogTitleId} aria-describedby={dialogTextId} onClose={onDialogClose}>
        <h2 id={dialogTitleId}>
          <Trans>Remove this card?</Trans>
        </h2>
        <p id={dialogTextId}>
          {removing ? <RemovalText card={removing} /> : null}
        </p>
        <div className="modal__actions">
          {/* The safe choice has the focus: Enter or Escape keeps the card. */}
          <button type="button" className="button button--secondary" onClick={keep} autoFocus>
            <Trans>Keep the card</Trans>
          </button>
          <button type="button" className="button button--danger" onClick={() => void remove()} disabled={busy} aria-busy={busy}>
            <Trans>Remove card</Trans>
          </button>
        </div>
      </dialog>
    </div>
  );
}

function SavedCard({ card, removeId, onRemove }: { card: StoredBankCard; removeId: string; onRemove: (card: StoredBankCard, button: HTMLElement) => void }) {
  const { t } = useLingui();
  const brand = brandName(card.brand);
  const last = card.lastFourDigits;
  const expiry = expiryText(card.expirationDate);
  return (
    <li className="saved-card" data-card-id={card.id} data-expired={card.expired || undefined}>
      <p className="saved-card__name">
        <strong>{brand}</strong> <span aria-hidden="true">•••• </span>
        <span className="visually-hidden">
          <Trans>ending in</Trans>{' '}
        </span>
        {last}
      </p>
      <p className="saved-card__details">
        <Trans>Expires {expiry}</Trans>
        {card.holderName ? <span> · {card.holderName}</span> : null}
      </p>
      {card.expired || card.hasActiveSubscription ? (
        <p className="saved-card__badges">
          {card.expired ? (
            <span className="badge badge--expired" data-badge="expired">
              <Trans>Expired</Trans>
            </span>
          ) : null}
          {card.hasActiveSubscription ? (
            <span className="badge" data-badge="subscription">
              <Trans>Pays a subscription</Trans>
            </span>
          ) : null}
        </p>
      ) : null}
      <button type="button" id={removeId} className="button button--secondary" aria-label={t`Remove the ${brand} card ending in ${last}`} onClick={(event) => onRemove(card, event.currentTarget)}>
        <Trans>Remove</Trans>
      </button>
    </li>
  );
}

function RemovalText({ card }: { card: StoredBankCard }) {
  const brand = brandName(card.brand);
  const last = card.lastFourDigits;
  return <Trans>The {brand} card ending in {last} will no longer be offered when you pay. You can add it again at any time.</Trans>;
}
