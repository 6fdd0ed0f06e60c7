/**
 * The home page: hero, campaign and collection banners, category tiles with pictures, top
 * offers, featured collections, best-rated products and the visitor's recently viewed products.
 * Everything but the last is server-rendered from data (worker/db/home.ts,
 * worker/domain/catalogue/home-banners.ts); the page works without JavaScript.
 */
import { Trans } from '@lingui/react/macro';
import { BannerArt } from '../components/banner-art';
import { Island } from '../components/island';
import { CardItem, ProductGrid, ProductImage } from '../components/product-bits';
import { useStore } from '../components/store-context';
import RecentlyViewed from '../islands/recently-viewed';
import { slugHref } from '../routes';
import type { CollectionTeaser, ProductCard as ProductCardData } from '../types';
import type { BannerView } from '../../worker/domain/catalogue/home-banners';

export interface HomeTile {
  id: number;
  name: string;
  slug: string;
  /** The category's best-rated product in stock on the channel, drawn in the tile. */
  image: { imageKey: string; label: string } | null;
}

export interface HomeData {
  banners: BannerView[];
  tiles: HomeTile[];
  topOffers: ProductCardData[];
  collections: CollectionTeaser[];
  topRated: ProductCardData[];
}

/** Tiles in the first screen of a phone: their pictures load at once, the rest lazily. */
const EAGER_TILES = 0;

function Banner({ banner }: { banner: BannerView }) {
  const tone = banner.flag ? `banner--campaign banner--${banner.ink === 'light' ? 'light' : 'dark'}-ink` : `banner--${banner.tone}`;
  return (
    <li className={`banner ${tone}`} data-banner-id={banner.id}>
      <BannerArt motif={banner.motif} background={banner.flag?.background} ink={banner.flag?.text} />
      <div className="banner__body">
        {banner.flag ? (
          <svg className="banner__flag" role="img" aria-label={banner.flag.label ?? 'Black Friday'} width={14 + (banner.flag.label ?? 'Black Friday').length * 8} height="26">
            <rect width="100%" height="26" rx="4" fill={banner.flag.text} />
            <text x="50%" y="18" textAnchor="middle" fill={banner.flag.background} fontSize="14" fontWeight="700" fontFamily="system-ui, sans-serif">
              {banner.flag.label ?? 'Black Friday'}
            </text>
          </svg>
        ) : null}
        <h3 className="banner__title">{banner.title}</h3>
        {banner.text ? <p className="banner__text">{banner.text}</p> : null}
        <a className="banner__cta" href={banner.href}>
          {banner.linkLabel}
        </a>
      </div>
    </li>
  );
}

function Strip({ products }: { products: ProductCardData[] }) {
  return (
    <ul className="strip">
      {products.map((product) => (
        <CardItem key={product.id} product={product} />
      ))}
    </ul>
  );
}

export default function HomePage({ data }: { data: HomeData }) {
  const { language, channel } = useStore();
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
      {data.banners.length > 0 ? (
        <section className="banners" aria-labelledby="banners-title">
          <h2 id="banners-title" className="visually-hidden">
            <Trans>Offers and campaigns</Trans>
          </h2>
          <ul className="banners__row">
            {data.banners.map((banner) => (
              <Banner key={banner.id} banner={banner} />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="categories-title">
        <h2 id="categories-title">
          <Trans>Shop by category</Trans>
        </h2>
        <ul className="category-tiles">
          {data.tiles.map((tile, index) => (
            <li key={tile.id}>
              <a href={slugHref(tile.slug, language, channel)}>
                {tile.image ? (
                  <ProductImage imageKey={tile.image.imageKey} preset="small" label={tile.image.label} alt="" eager={index < EAGER_TILES} />
                ) : (
                  <span className="category-tiles__blank" aria-hidden="true" />
                )}
                <span className="category-tiles__name">{tile.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      {data.topOffers.length > 0 ? (
        <section className="home-strip" aria-labelledby="top-offers-title">
          <h2 id="top-offers-title">
            <Trans>Top offers</Trans>
          </h2>
          <Strip products={data.topOffers} />
        </section>
      ) : null}
      {data.collections.map((collection) => (
        <section key={collection.id} className="home-strip" aria-labelledby={`collection-${collection.id}`}>
          <h2 id={`collection-${collection.id}`}>
            <a href={slugHref(collection.slug, language, channel)}>{collection.name}</a>
          </h2>
          {collection.description ? <p className="home-strip__text">{collection.description}</p> : null}
          <Strip products={collection.products} />
        </section>
      ))}
      {data.topRated.length > 0 ? (
        <section className="home-strip" aria-labelledby="top-rated-title">
          <h2 id="top-rated-title">
            <Trans>Best rated by our customers</Trans>
          </h2>
          <ProductGrid products={data.topRated} />
        </section>
      ) : null}
      <section className="home-strip recently-viewed" aria-labelledby="recently-viewed-title" data-recently-viewed-strip hidden>
        <h2 id="recently-viewed-title">
          <Trans>Recently viewed</Trans>
        </h2>
        <Island name="recently-viewed" component={RecentlyViewed} props={{}} hydrate="visible" />
      </section>
    </>
  );
}
