/** The product page's buying block: campaign flag, price, discount, delivery, seller, stock. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { availability } from '../catalogue/availability';
import { CONDITION_LABELS, LOWEST_PRICE_LABELS, REFERENCE_LABELS } from '../catalogue/labels';
import { formatMoney } from '../i18n/format';
import type { PricedOffer, ProductBuyInfo } from '../types';
import AddToCart from '../islands/add-to-cart';
import WishlistHeart from '../islands/wishlist-heart';
import { Island } from './island';
import { Availability, CampaignFlag, DeliveryText } from './product-bits';
import { useHref, useStore } from './store-context';

/** Seller grade (doubled 1–10 scale) as stars out of 5 with its number of evaluations. */
export function SellerGrade({ offer }: { offer: PricedOffer }) {
  if (offer.sellerId === 0 || offer.sellerGrade === 0) return null;
  const stars = (offer.sellerGrade / 2).toFixed(1);
  const count = offer.sellerEvaluations;
  return (
    <span className="seller-grade">
      <Trans>
        {stars}/5 from <Plural value={count} one="# rating" other="# ratings" />
      </Trans>
    </span>
  );
}

export function SellerName({ offer }: { offer: PricedOffer }) {
  return (
    <>
      {offer.sellerName}
      {offer.sellerTier === 'premium' && offer.sellerId !== 0 ? (
        <span className="badge badge--premium">
          <Trans>Premium seller</Trans>
        </span>
      ) : null}
    </>
  );
}

export function ProductBuy({ buy, articleId, name }: { buy: ProductBuyInfo; articleId: number; name: string }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const { winner, reference, discount } = buy;
  if (!winner) {
    const code = buy.unavailable[0]?.availabilityCode ?? null;
    return (
      <div className="buy-box">
        <Availability code={code} />
        <p>
          <Trans>This product cannot be bought right now.</Trans>
        </p>
      </div>
    );
  }
  const showReference = reference && reference.price > winner.price;
  const purchasable = availability(winner.availabilityCode).purchasable;
  // Phones show this block right under the gallery: price, stock, delivery and the button come
  // first so they fit the first screen; who sells it and the shops follow.
  return (
    <div className="buy-box">
      {buy.campaignFlag ? <CampaignFlag flag={buy.campaignFlag} /> : null}
      <p className="price">
        <span className="price__now">{formatMoney(winner.price, language)}</span>
        {showReference ? (
          <span className="price__reference">
            {' '}
            {i18n._(REFERENCE_LABELS[reference.kind])}: <s>{formatMoney(reference.price, language)}</s>
          </span>
        ) : null}
      </p>
      {discount || buy.lowestPriceLabel ? (
        <div className="buy-box__badges">
          {discount ? (
            <p className="badge badge--discount">
              {discount.percent >= 5 ? <Trans>−{discount.percent} %</Trans> : <Trans>Save {formatMoney(discount.amount, language)}</Trans>}
            </p>
          ) : null}
          {buy.lowestPriceLabel ? <p className="badge badge--lowest">{i18n._(LOWEST_PRICE_LABELS[buy.lowestPriceLabel])}</p> : null}
        </div>
      ) : null}
      <div className="buy-box__stock">
        <Availability code={winner.availabilityCode} />
        {purchasable ? (
          <p className="delivery">
            <DeliveryText delivery={winner.delivery} />
          </p>
        ) : null}
      </div>
      {/* The heart is the same for everyone in the HTML (cacheable); its state fills in the browser. */}
      <div className="buy-box__wish">
        {purchasable ? (
          <div className="buy-box__cta">
            <Island name="add-to-cart" component={AddToCart} props={{ idArticle: articleId, idOffer: winner.offerId, name }} />
          </div>
        ) : null}
        <Island name="wishlist-heart" component={WishlistHeart} props={{ articleId, name, price: winner.price, offerId: winner.offerId }} />
      </div>
      <p>
        <Trans>Condition:</Trans> {i18n._(CONDITION_LABELS[winner.condition] ?? CONDITION_LABELS.new!)}
      </p>
      <p className="sold-by">
        <Trans>Sold by</Trans> <SellerName offer={winner} /> <SellerGrade offer={winner} />
        {winner.sentBy === 'retailer' && winner.sellerId !== 0 ? (
          <>
            {' '}
            · <Trans>shipped by Ampora</Trans>
          </>
        ) : null}
      </p>
      {winner.minShippingPrice > 0 ? (
        <p>
          <Trans>Shipping from {formatMoney(winner.minShippingPrice, language)}</Trans>
        </p>
      ) : null}
      {buy.shopStock.length > 0 ? (
        <div className="shop-stock">
          <h2 className="small-heading">
            <Trans>Available in our shops</Trans>
          </h2>
          <ul>
            {buy.shopStock.map((shop) => (
              <li key={shop.shopId}>
                <a href={link('shop', { name: shop.slug })}>{shop.name}</a>:{' '}
                <Plural value={shop.qty} one="# unit" other="# units" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The phones' add-to-basket bar: price and button, fixed at the bottom once the buying block's
 * button has scrolled out of view (product.css: a scroll-driven animation on that button's view
 * timeline, no script). Hidden, it is `visibility: hidden`, so it is neither seen nor focusable;
 * browsers without scroll-driven animations and wider screens never show it.
 */
export function ProductBuyBar({ buy, articleId, name }: { buy: ProductBuyInfo; articleId: number; name: string }) {
  const { language } = useStore();
  const { winner } = buy;
  if (!winner || !availability(winner.availabilityCode).purchasable) return null;
  return (
    <div className="buy-bar">
      <p className="buy-bar__price">
        <span className="buy-bar__name">{name}</span>
        <span className="price__now">{formatMoney(winner.price, language)}</span>
      </p>
      <Island name="add-to-cart" component={AddToCart} props={{ idArticle: articleId, idOffer: winner.offerId, name }} />
    </div>
  );
}
