/**
 * Island: the "add to wishlist" heart of product pages and product cards. The server renders it
 * the same for everyone (pages stay cacheable: not pressed); once hydrated, a signed-in
 * customer's hearts learn from one GET /api/basket per page whether their article is in the
 * default list. Pressing adds the article to the default list (created on a first add) or takes
 * it out; signed out, it goes to the sign-in page and back.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, ApiError, unwrap } from '../api';
import { showToast } from '../toast';

export interface WishlistHeartProps {
  articleId: number;
  name: string;
  /** The price the shopper sees, in cents (kept as the price when added). */
  price: number;
  /** The offer shown (spec §7 key), when the page shows one. */
  offerId?: number;
  /** The compact form of product cards. */
  compact?: boolean;
}

interface DefaultState {
  defaultId: number | null;
  articleIds: Set<number>;
}

let shared: Promise<DefaultState | null> | null = null;

function signedIn(): boolean {
  return /(?:^|;\s*)ampora_signed_in=1(?:;|$)/.test(document.cookie);
}

/** The default list's articles, asked once per page; null when signed out (or the session ended). */
function defaultState(): Promise<DefaultState | null> {
  if (!signedIn()) return Promise.resolve(null);
  // Not `unwrap`: an ended session is no reason to leave the page before the heart is pressed.
  shared ??= api.basket
    .$get()
    .then(async (response) => {
      if (!response.ok) return null;
      const { data } = await response.json();
      return { defaultId: data.defaultId, articleIds: new Set(data.defaultArticleIds) };
    })
    .catch(() => null);
  return shared;
}

export default function WishlistHeart({ articleId, name, price, offerId, compact }: WishlistHeartProps) {
  const { t } = useLingui();
  const [pressed, setPressed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void defaultState().then((state) => {
      if (live && state) setPressed(state.articleIds.has(articleId));
    });
    return () => {
      live = false;
    };
  }, [articleId]);

  async function toggle() {
    // A second press while the first is on its way is ignored (the button keeps its focus: no `disabled`).
    if (busy) return;
    const state = await defaultState();
    if (!state) {
      const login = document.documentElement.dataset.loginPath ?? '/login';
      window.location.assign(`${login}?next=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    setBusy(true);
    try {
      if (state.articleIds.has(articleId) && state.defaultId !== null) {
        await unwrap(api.basket[':id'].article[':articleId'].$delete({ param: { id: String(state.defaultId), articleId: String(articleId) } }));
        state.articleIds.delete(articleId);
        setPressed(false);
        showToast({ type: 'success', message: t`“${name}” removed from your wishlist.` });
      } else {
        const answer = await unwrap(api.basket[':id'].article.$post({ param: { id: 'default' }, json: { article: articleId, price, units: 1, ...(offerId ? { key: offerId } : {}) } }));
        state.defaultId = answer.list.id;
        state.articleIds.add(articleId);
        setPressed(true);
        showToast({ type: 'success', message: t`“${name}” is in your wishlist.` });
      }
    } catch (failure) {
      // Removed meanwhile (another tab): the heart simply follows.
      if (failure instanceof ApiError && failure.code === 'BASKET_ARTICLE_NOT_IN_LIST') {
        state.articleIds.delete(articleId);
        setPressed(false);
      } else showToast({ type: 'error', message: failure instanceof ApiError && failure.message ? failure.message : t`Your wishlist could not be updated. Please try again.` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={`wishlist-heart${compact ? ' wishlist-heart--compact' : ''}`} aria-pressed={pressed} aria-label={t`Add ${name} to your wishlist`} onClick={toggle} aria-busy={busy || undefined} data-wishlist-heart={articleId} />
  );
}
