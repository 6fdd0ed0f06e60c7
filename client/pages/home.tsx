/** The home page: hero, category tiles, featured collections and best-rated products. */
import { Trans } from '@lingui/react/macro';
import { ProductGrid } from '../components/product-bits';
import { useStore } from '../components/store-context';
import { slugHref } from '../routes';
import type { CollectionTeaser, ProductCard } from '../types';

export interface HomeData {
  collections: CollectionTeaser[];
  topRated: ProductCard[];
}

export default function HomePage({ data }: { data: HomeData }) {
  const { menu, language, channel } = useStore();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">
          <Trans>Technology at the best price, delivered fast</Trans>
        </h1>
        <p>
          <Trans>Thousands of products from Ampora and trusted sellers, with free returns within 30 days.</Trans>
        </p>
      </section>
      <section aria-labelledby="categories-title">
        <h2 id="categories-title">
          <Trans>Shop by category</Trans>
        </h2>
        <ul className="category-tiles">
          {menu.map((category) => (
            <li key={category.id}>
              <a href={slugHref(category.slug, language, channel)}>
                <span className={`category-icon category-icon--${category.icon}`} aria-hidden="true" />
                {category.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
      {data.collections.map((collection) => (
        <section key={collection.id} aria-labelledby={`collection-${collection.id}`}>
          <h2 id={`collection-${collection.id}`}>{collection.name}</h2>
          {collection.description ? <p>{collection.description}</p> : null}
          <ProductGrid products={collection.products} />
        </section>
      ))}
      {data.topRated.length > 0 ? (
        <section aria-labelledby="top-rated-title">
          <h2 id="top-rated-title">
            <Trans>Best rated by our customers</Trans>
          </h2>
          <ProductGrid products={data.topRated} />
        </section>
      ) : null}
    </>
  );
}
