/** A product: image, name, brand, price, availability, the offers of every seller, specifications. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Island } from '../components/island';
import { Availability, Price, ProductImage } from '../components/product-bits';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import ShareButton from '../islands/share-button';
import { slugHref } from '../routes';
import type { ProductDetail } from '../types';

export interface ProductData {
  product: ProductDetail;
}

export default function ProductPage({ data }: { data: ProductData }) {
  const { t } = useLingui();
  const { language, channel } = useStore();
  const { product } = data;
  const best = product.offers.find((offer) => offer.availabilityCode < 9000) ?? product.offers[0];
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
            <Trans>Brand: {product.brand}</Trans> · <Trans>Ref. {product.reference}</Trans>
          </p>
          <Price price={best?.price ?? null} originalPrice={best?.originalPrice ?? null} />
          <Availability code={best?.availabilityCode ?? null} />
          {best ? (
            <p>
              <Trans>Sold by {best.sellerName}</Trans>
            </p>
          ) : null}
          <Island name="share-button" component={ShareButton} props={{ title: product.name }} />
        </div>
      </div>
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
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {product.offers.length > 1 ? (
        <section aria-labelledby="offers-title">
          <h2 id="offers-title">
            <Trans>All offers</Trans>
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
                  <Trans>Availability</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {product.offers.map((offer) => (
                <tr key={offer.offerId}>
                  <th scope="row">{offer.sellerName}</th>
                  <td>{formatMoney(offer.price, language)}</td>
                  <td>
                    <Availability code={offer.availabilityCode} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </article>
  );
}
