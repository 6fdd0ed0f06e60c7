/**
 * Island: the articles of one of the customer's lists (/mi-lista-de-deseos) or of a public list
 * (/lista-de-deseos/{id}). Each shows its image, name, the price now beside the price when it
 * was added (a drop highlighted), availability and units. The owner removes articles and copies
 * the list into another of their lists; anyone moves every article to the basket and is told
 * which went in and which did not, and why.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api, unwrap } from '../api';
import { availability } from '../catalogue/availability';
import { FormAlert, SelectField, useApiForm } from '../components/forms';
import { ProductImage } from '../components/product-bits';
import { useHref, useStore } from '../components/store-context';
import { refreshBasketCount } from '../header-state';
import { formatMoney } from '../i18n/format';
import { slugHref } from '../routes';
import { NOT_ADDED_REASONS, type ListArticle, type MoveResult } from './wishlist-labels';

export interface WishlistItemsProps {
  /** The list's row id for its owner; absent on a public list (then `publicId` is used). */
  listId?: number;
  publicId: string;
  listName: string;
  articles: ListArticle[];
  /** The owner's other lists, to copy this one into. */
  otherLists?: { id: number; name: string }[];
}

export default function WishlistItems({ listId, publicId, listName, articles: initial, otherLists = [] }: WishlistItemsProps) {
  const { t, i18n } = useLingui();
  const { language, channel } = useStore();
  const link = useHref();
  const form = useApiForm();
  const [articles, setArticles] = useState(initial);
  const [status, setStatus] = useState('');
  const [moved, setMoved] = useState<MoveResult | null>(null);
  const [copyTarget, setCopyTarget] = useState(otherLists[0] ? String(otherLists[0].id) : '');
  const owner = listId !== undefined;
  const money = (cents: number) => formatMoney(cents, language);

  async function remove(article: ListArticle) {
    const detail = await form.run(() => unwrap(api.basket[':id'].article[':articleId'].$delete({ param: { id: String(listId), articleId: String(article.articleId) } })));
    if (detail) {
      setArticles(detail.articles);
      setStatus(t`“${article.name}” removed from the list.`);
      document.getElementById('wishlist-move')?.focus();
    }
  }

  async function moveAll() {
    const result = await form.run(() => unwrap(owner ? api.basket[':id']['to-cart'].$post({ param: { id: String(listId) } }) : api.basket[':id'].public['to-cart'].$post({ param: { id: publicId } })));
    if (result) {
      setMoved(result);
      refreshBasketCount();
      const added = result.added.length;
      const missing = result.notAdded.length;
      setStatus(missing === 0 ? t`${added} products added to your basket.` : t`${added} products added to your basket; ${missing} could not be added.`);
    }
  }

  async function copy() {
    const target = otherLists.find((l) => String(l.id) === copyTarget);
    if (!target) return;
    const result = await form.run(() => unwrap(api.basket[':id'].from[':sourceId'].$post({ param: { id: String(target.id), sourceId: String(listId) }, json: { sendEmail: false } })));
    if (result) setStatus(t`Copied into “${target.name}”: ${result.added} new products, ${result.merged} with more units.`);
  }

  return (
    <div className="wishlist-items">
      <p role="status" className="wishlists__status">
        {status}
      </p>
      <FormAlert message={form.error} />
      {articles.length === 0 ? (
        <p>
          <Trans>This list is empty. Add products with the heart on any product page.</Trans>
        </p>
      ) : (
        <ul className="wishlist-items__list" aria-label={t`Products in “${listName}”`}>
          {articles.map((article) => {
            const shown = availability(article.availabilityCode);
            return (
              <li key={article.articleId} className="wishlist-item" data-article-id={article.articleId}>
                <ProductImage imageKey={article.imageKey} preset="small" label={article.brand} alt="" />
                <div className="wishlist-item__body">
                  <h2 className="wishlist-item__name">{article.slug ? <a href={slugHref(article.slug, language, channel)}>{article.name}</a> : article.name}</h2>
                  <p className="wishlist-item__prices">
                    {article.priceNow === null ? (
                      <Trans>Not sold in this store</Trans>
                    ) : (
                      <>
                        <span className="price__now">{money(article.priceNow)}</span>{' '}
                        <span className="wishlist-item__then">
                          <Trans>when added: {money(article.priceWhenAdded)}</Trans>
                        </span>
                      </>
                    )}
                  </p>
                  {article.drop !== null ? (
                    <p className="badge badge--discount wishlist-item__drop" data-drop={article.drop}>
                      <Trans>Price dropped by {money(article.drop)}</Trans>
                    </p>
                  ) : null}
                  <p className={`availability availability--${shown.tone}`}>{article.priceNow === null && article.availabilityCode === null ? t`Not sold in this store` : i18n._(shown.label)}</p>
                  <p className="wishlist-item__units">
                    <Trans>Units: {article.units}</Trans>
                  </p>
                  {owner ? (
                    <button type="button" className="button button--secondary button--small" onClick={() => remove(article)} disabled={form.busy}>
                      <Trans>Remove</Trans>
                      <span className="visually-hidden"> “{article.name}”</span>
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {articles.length > 0 ? (
        <div className="wishlist-items__actions">
          <button id="wishlist-move" type="button" className="button button--buy" onClick={moveAll} disabled={form.busy}>
            {owner ? <Trans>Move all to the basket</Trans> : <Trans>Add all to the basket</Trans>}
          </button>
          {owner && otherLists.length > 0 ? (
            <div className="wishlist-items__copy">
              <SelectField id="wishlist-copy-target" label={t`Copy this list into`} value={copyTarget} onChange={setCopyTarget} options={otherLists.map((l) => ({ value: String(l.id), label: l.name }))} />
              <button type="button" className="button button--secondary" onClick={copy} disabled={form.busy}>
                <Trans>Copy</Trans>
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {moved ? (
        <div className="wishlist-items__moved account-card" data-moved="">
          {moved.added.length > 0 ? (
            <>
              <h2 className="small-heading">
                <Trans>Added to your basket</Trans>
              </h2>
              <ul>
                {moved.added.map((a) => (
                  <li key={a.articleId}>
                    {a.name} × {a.units}
                    {a.limited ? (
                      <>
                        {' '}
                        (<Trans>as many as we have in stock</Trans>)
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {moved.notAdded.length > 0 ? (
            <>
              <h2 className="small-heading">
                <Trans>Not added</Trans>
              </h2>
              <ul>
                {moved.notAdded.map((a) => (
                  <li key={a.articleId} data-reason={a.reason}>
                    {a.name}: {i18n._(NOT_ADDED_REASONS[a.reason])}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <p>
            <a className="button" href={link('cartBasket')}>
              <Trans>Go to the basket</Trans>
            </a>
          </p>
        </div>
      ) : null}
    </div>
  );
}
