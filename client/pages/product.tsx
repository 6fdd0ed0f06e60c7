/**
 * A product: images, name, brand, rating, the buying block (buy-box winner, price rules,
 * delivery, stock in shops), the other sellers' offers, description and specifications.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { attributeLabel } from '../catalogue/facet-labels';
import { CONDITION_LABELS, TYPE_LABELS } from '../catalogue/labels';
import { Island } from '../components/island';
import { Availability, ProductImage } from '../components/product-bits';
import { ProductBuy, SellerGrade, SellerName } from '../components/product-buy';
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

function Rating({ product }: { product: ProductDetail }) {
  const link = useHref();
  if (product.ratingCount === 0) {
    return (
      <p className="rating">
        <Trans>No reviews yet</Trans>
      </p>
    );
  }
  // Scores are stored on the doubled 1–10 scale (spec §9).
  const stars = (product.ratingAverage / 2).toFixed(1);
  const count = product.ratingCount;
  return (
    <p className="rating">
      <span aria-hidden="true">{'★'.repeat(Math.round(product.ratingAverage / 2)).padEnd(5, '☆')}</span>{' '}
      <a href={link('reviews', { product: product.slug })}>
        <Trans>
          {stars} out of 5 · <Plural value={count} one="# review" other="# reviews" />
        </Trans>
      </a>
    </p>
  );
}

function OfferRow({ offer, articleId, name }: { offer: PricedOffer; articleId: number; name: string }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  return (
    <tr>
      <th scope="row">
        <SellerName offer={offer} /> <SellerGrade offer={offer} />
      </th>
      <td>{formatMoney(offer.price, language)}</td>
      <td>{offer.minShippingPrice > 0 ? formatMoney(offer.minShippingPrice, language) : <Trans>Free</Trans>}</td>
      <td>{i18n._(CONDITION_LABELS[offer.condition] ?? CONDITION_LABELS.new!)}</td>
      <td>
        <Availability code={offer.availabilityCode} />
        <DeliveryText delivery={offer.delivery} />
      </td>
      <td>{availability(offer.availabilityCode).purchasable ? <Island name="add-to-cart" component={AddToCart} props={{ idArticle: articleId, idOffer: offer.offerId, name, compact: true }} /> : null}</td>
    </tr>
  );
}

export default function ProductPage({ data }: { data: ProductData }) {
  const { t, i18n } = useLingui();
  const { language, channel } = useStore();
  const { product, buy } = data;
  const typeLabel = TYPE_LABELS[product.type];
  const otherOffers = [...buy.others, ...buy.unavailable];
  return (
    <article className="product" data-product-id={product.id}>
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
      <div className="product__main">
        <ProductImage imageKey={product.imageKey} preset="large" label={product.brand} alt={product.name} eager />
        <div className="product__buy">
          <h1>{product.name}</h1>
          <p className="product__brand">
            <Trans>Brand: {product.brand}</Trans> · <Trans>Ref. {product.reference}</Trans> · EAN {product.ean}
          </p>
          <Rating product={product} />
          {typeLabel ? <p className="badge">{i18n._(typeLabel)}</p> : null}
          <ProductBuy buy={buy} articleId={product.id} name={product.name} />
          <Island name="share-button" component={ShareButton} props={{ title: product.name }} />
        </div>
      </div>
      {otherOffers.length > 0 ? (
        <section aria-labelledby="offers-title">
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
      <section aria-labelledby="description-title">
        <h2 id="description-title">
          <Trans>Description</Trans>
        </h2>
        <p>{product.description}</p>
      </section>
      {Object.keys(product.specs).length > 0 ? (
        <section aria-labelledby="specs-title">
          <h2 id="specs-title">
            <Trans>Specifications</Trans>
          </h2>
          <dl className="specs">
            {Object.entries(product.specs).map(([name, value]) => (
              <div key={name}>
                <dt>{attributeLabel(name) ? i18n._(attributeLabel(name)!) : name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </article>
  );
}
