/**
 * What a listing's first page shows above its products: the category's promotions (banners
 * with a link) and the highlighted products. Server-rendered only, no script.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { PromotionView } from '../../../worker/domain/catalogue/promotions';
import type { ProductCard } from '../../types';
import { ProductGrid } from '../product-bits';

export function Promotions({ promotions }: { promotions: PromotionView[] }) {
  const { t } = useLingui();
  if (promotions.length === 0) return null;
  return (
    <section className="promotions" aria-label={t`Promotions`}>
      <ul>
        {promotions.map((promotion) => (
          <li key={promotion.id} className="promotion" data-promotion-id={promotion.id}>
            <h2 className="promotion__title">{promotion.title}</h2>
            {promotion.text ? <p>{promotion.text}</p> : null}
            {promotion.href ? (
              <a className="button" href={promotion.href}>
                {promotion.linkLabel}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Highlights({ products }: { products: ProductCard[] }) {
  if (products.length === 0) return null;
  return (
    <section className="highlights" aria-labelledby="highlights-title">
      <h2 id="highlights-title">
        <Trans>Featured</Trans>
      </h2>
      <ProductGrid products={products} />
    </section>
  );
}
