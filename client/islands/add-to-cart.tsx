/** Island: the "Add to basket" button of an offer; confirms with a toast linking to the basket. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ApiError } from '../api';
import { addToCart } from '../cart/api';
import { showToast } from '../toast';

export interface AddToCartProps {
  idArticle: number;
  idOffer: number;
  name: string;
  /** The compact form used in the other sellers' table. */
  compact?: boolean;
}

export default function AddToCart({ idArticle, idOffer, name, compact }: AddToCartProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  async function add() {
    setBusy(true);
    try {
      const cart = await addToCart(idArticle, idOffer);
      const limited = cart.notices.find((notice) => notice.code === 1139);
      showToast({ type: 'success', message: limited ? t`We added “${name}” up to the units we have in stock.` : t`“${name}” is in your basket.` });
    } catch (failure) {
      showToast({ type: 'error', message: failure instanceof ApiError && failure.message ? failure.message : t`The item could not be added to your basket. Please try again.` });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className={compact ? 'button button--secondary' : 'button button--buy'} onClick={add} disabled={busy} data-add-to-cart={idOffer} aria-label={compact ? t`Add to basket: ${name}` : undefined}>
      {compact ? <Trans>Add</Trans> : <Trans>Add to basket</Trans>}
    </button>
  );
}
