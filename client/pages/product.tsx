/**
 * A product: images, name, brand, rating, the buying block (buy-box winner, price rules,
 * delivery, stock in shops), the other sellers' offers, description, the technical sheet in
 * groups and the reviews summary. One column on phones in the order a shopper decides (name
 * and rating, images, price, stock and delivery, button: all on the first screen), two on
 * desktops (images and details left, the buying column right, sticky). Layout in product.css.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { attributeLabel } from '../catalogue/facet-labels';
import { CONDITION_LABELS, TYPE_LABELS } from '../catalogue/labels';
import { Island } from '../components/island';
import { Availability } from '../components/product-bits';
import { ProductGallery } from '../components/product-gallery';
import { ProductBuy, ProductBuyBar, SellerGrade, SellerName } from '../components/product-buy';
import { groupSpecs, SPEC_GROUP_LABELS } from '../catalogue/spec-groups';
import { starsFromScore } from '../../worker/domain/catalogue/rating';
import { DeliveryText } from '../components/product-bits';
import { useHref, useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import { availability } from '../catalogue/availability';
import AddToCart from '../islands/add-to-cart';
import ShareButton from '../islands/share-button';
import { slugHref } from '../routes';
import type { PricedOffer, ProductBuyInfo, ProductDetail } from '../types';

export interface ProductData {
  product: ProductDetail;
  buy: ProductBuyInfo;
}

/** One star's outline in a 16 × 16 box: ten points alternating between the outer and inner radius. */
const STAR_POINTS = Array.from({ length: 10 }, (_, k) => {
  const angle = ((-90 + k * 36) * Math.PI) / 180;
  const radius = k % 2 === 0 ? 7.8 : 3.4;
  return `${(8 + radius * Math.cos(angle)).toFixed(2)},${(8.6 + radius * Math.sin(angle)).toFixed(2)}`;
}).join(' ');

/**
 * Five stars filled to the average (a half star shows as half), drawn as SVG so the fill needs
 * no inline style under the CSP; for the eye only, the text beside it says the number.
 */
function Stars({ score, id }: { score: number; id: string }) {
  const filled = (starsFromScore(score) / 5) * 80;
  return (
    <svg className="stars" aria-hidden="true" focusable="false" width={80} height={16} viewBox="0 0 80 16">
      <clipPath id={id}>
        {[0, 1, 2, 3, 4].map((i) => (
          <polygon key={i} points={STAR_POINTS} transform={`translate(${i * 16} 0)`} />
        ))}
      </clipPath>
      <g clipPath={`url(#${id})`}>
        <rect className="stars__empty" width={80} height={16} />
        <rect className="stars__full" width={filled.toFixed(1)} height={16} />
      </g>
    </svg>
  );
}

/** The reviews summary beside the title: stars, average and count, linking to the reviews section. */
function RatingSummary({ product }: { product: ProductDetail }) {
  if (product.ratingCount === 0) {
    return (
      <p className="rating">
        <Trans>No reviews yet</Trans>
      </p>
    );
  }
  const stars = starsFromScore(product.ratingAverage).toFixed(1);
  const count = product.ratingCount;
  return (
    <p className="rating">
      <Stars score={product.ratingAverage} id="stars-summary" />{' '}
      <a href="#reviews">
        <Trans>
          {stars} out of 5 · <Plural value={count} one="# review" other="# reviews" />
        </Trans>
      </a>
    </p>
  );
}

function ReviewsSection({ product }: { product: ProductDetail }) {
  const link = useHref();
  if (product.ratingCount === 0) return null;
  const stars = starsFromScore(product.ratingAverage).toFixed(1);
  const count = product.ratingCount;
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="product__reviews">
      <h2 id="reviews-title">
        <Trans>Customer reviews</Trans>
      </h2>
      <p className="reviews-summary">
        <span className="reviews-summary__average" aria-hidden="true">
          {stars}
        </span>{' '}
        <Stars score={product.ratingAverage} id="stars-reviews" />{' '}
        <span className="reviews-summary__count">
          <Trans>
            {stars} out of 5 · <Plural value={count} one="# review" other="# reviews" />
          </Trans>
        </span>
      </p>
      <p>
        <a href={link('reviews', { product: product.slug })}>
          <Trans>Read all the reviews</Trans>
        </a>
      </p>
    </section>
  );
}

/**
 * One other seller's offer: a table row on desktops, a card on phones and tablets
 * (product.css). The labels inside the cells stand in for the column headers on cards.
 */
function OfferRow({ offer, articleId, name }: { offer: PricedOffer; articleId: number; name: string }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  return (
    <tr>
      <th scope="row" className="offers__seller">
        <SellerName offer={offer} /> <SellerGrade offer={offer} />
      </th>
      <td className="offers__price">{formatMoney(offer.price, language)}</td>
      <td className="offers__shipping">
        {offer.minShippingPrice > 0 ? (
          <>
            <span className="offers__label">
              <Trans>Shipping from</Trans>
            </span>{' '}
            {formatMoney(offer.minShippingPrice, language)}
          </>
        ) : (
          <>
            <span className="offers__label">
              <Trans>Shipping</Trans>
            </span>{' '}
            <Trans>Free</Trans>
          </>
        )}
      </td>
      <td className="offers__condition">
        <span className="offers__label">
          <Trans>Condition</Trans>
        </span>{' '}
        {i18n._(CONDITION_LABELS[offer.condition] ?? CONDITION_LABELS.new!)}
      </td>
      <td className="offers__availability">
        <Availability code={offer.availabilityCode} />
        <DeliveryText delivery={offer.delivery} />
      </td>
      <td className="offers__action">{availability(offer.availabilityCode).purchasable ? <Island name="add-to-cart" component={AddToCart} props={{ idArticle: articleId, idOffer: offer.offerId, name, compact: true }} /> : null}</td>
    </tr>
  );
}

/** The technical sheet: the specs in groups (client/catalogue/spec-groups.ts), each one a disclosure, the first open; then the identifiers. */
function TechnicalSheet({ product }: { product: ProductDetail }) {
  const { i18n } = useLingui();
  const groups = groupSpecs(product.specs);
  return (
    <section aria-labelledby="specs-title" className="product__specs">
      <h2 id="specs-title">
        <Trans>Specifications</Trans>
      </h2>
      {groups.map((group, index) => (
        <details key={group.id} className="specs-group" open={index === 0}>
          <summary>{i18n._(SPEC_GROUP_LABELS[group.id])}</summary>
          <dl className="specs">
            {group.entries.map(([key, value]) => (
              <div key={key}>
                <dt>{attributeLabel(key) ? i18n._(attributeLabel(key)!) : key}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ))}
      <details className="specs-group" open={groups.length === 0}>
        <summary>
          <Trans>General</Trans>
        </summary>
        <dl className="specs">
          <div>
            <dt>
              <Trans>Brand</Trans>
            </dt>
            <dd>{product.brand}</dd>
          </div>
          <div>
            <dt>
              <Trans>Reference</Trans>
            </dt>
            <dd>{product.reference}</dd>
          </div>
          <div>
            <dt>EAN</dt>
            <dd>{product.ean}</dd>
          </div>
        </dl>
      </details>
    </section>
  );
}

export default function ProductPage({ data }: { data: ProductData }) {
  const { t, i18n } = useLingui();
  const { language, channel } = useStore();
  const { product, buy } = data;
  const typeLabel = TYPE_LABELS[product.type];
  const otherOffers = [...buy.others, ...buy.unavailable];
  return (
    <article className="product" data-product-id={product.id} data-recently-viewed={product.id}>
      {product.category ? (
        <nav aria-label={t`Breadcrumb`} className="breadcrumb">
          <ol>
            <li>
              <a href={slugHref(product.category.slug, language, channel)}>{product.category.name}</a>
            </li>
            <li>
              <span aria-current="page">{product.name}</span>
            </li>
          </ol>
        </nav>
      ) : null}
      <div className="product__layout">
        <div className="product__head">
          <h1>{product.name}</h1>
          <p className="product__brand">
            <Trans>Brand: {product.brand}</Trans> · <Trans>Ref. {product.reference}</Trans>
          </p>
          <RatingSummary product={product} />
          {typeLabel ? <p className="badge">{i18n._(typeLabel)}</p> : null}
        </div>
        <div className="product__media">
          <ProductGallery imageKey={product.imageKey} label={product.brand} name={product.name} />
        </div>
        <div className="product__buy">
          <ProductBuy buy={buy} articleId={product.id} name={product.name} />
          <Island name="share-button" component={ShareButton} props={{ title: product.name }} />
        </div>
        <div className="product__details">
          {otherOffers.length > 0 ? (
            <section aria-labelledby="offers-title" className="product__offers">
              <h2 id="offers-title">
                <Plural value={otherOffers.length} one="# more offer" other="# more offers" />
              </h2>
              <table className="offers">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Seller</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Price</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Shipping from</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Condition</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Availability</Trans>
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">
                        <Trans>Add to basket</Trans>
                      </span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {otherOffers.map((offer) => (
                    <OfferRow key={offer.offerId} offer={offer} articleId={product.id} name={product.name} />
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          <section aria-labelledby="description-title" className="product__description">
            <h2 id="description-title">
              <Trans>Description</Trans>
            </h2>
            <p>{product.description}</p>
          </section>
          <TechnicalSheet product={product} />
          <ReviewsSection product={product} />
        </div>
      </div>
      <ProductBuyBar buy={buy} articleId={product.id} name={product.name} />
    </article>
  );
}
