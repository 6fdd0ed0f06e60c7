/** The product page's buying block: campaign flag, price, discount, delivery, seller, stock. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { availability } from '../catalogue/availability';
import { CONDITION_LABELS, LOWEST_PRICE_LABELS, REFERENCE_LABELS } from '../catalogue/labels';
import { formatMoney } from '../i18n/format';
import type { PricedOffer, ProductBuyInfo } from '../types';
import AddToCart from '../islands/add-to-cart';
import { Island } from './island';
import { Availability, DeliveryText } from './product-bits';
import { useHref, useStore } from './store-context';

/** Campaign badge drawn as SVG so its colours (data, not CSS) need no inline style under the CSP. */
export function CampaignFlag({ flag }: { flag: NonNullable<ProductBuyInfo['campaignFlag']> }) {
  const label = flag.label ?? 'Black Friday';
  const width = 16 + label.length * 8;
  return (
    <svg className="campaign-flag" role="img" aria-label={label} width={width} height={24} viewBox={`0 0 ${width} 24`}>
      <rect width={width} height={24} rx={4} fill={flag.background} />
      <text x={width / 2} y={16} textAnchor="middle" fill={flag.text} fontSize={13} fontWeight={700} fontFamily="system-ui, sans-serif">
        {label}
      </text>
    </svg>
  );
}

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
      {discount ? (
        <p className="badge badge--discount">
          {discount.percent >= 5 ? <Trans>−{discount.percent} %</Trans> : <Trans>Save {formatMoney(discount.amount, language)}</Trans>}
        </p>
      ) : null}
      {buy.lowestPriceLabel ? <p className="badge badge--lowest">{i18n._(LOWEST_PRICE_LABELS[buy.lowestPriceLabel])}</p> : null}
      <Availability code={winner.availabilityCode} />
      {availability(winner.availabilityCode).purchasable ? (
        <>
          <p className="delivery">
            <DeliveryText delivery={winner.delivery} />
          </p>
          <Island name="add-to-cart" component={AddToCart} props={{ idArticle: articleId, idOffer: winner.offerId, name }} />
        </>
      ) : null}
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
