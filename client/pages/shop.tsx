/** A physical shop: address, phone, opening hours, map link and what it has on its shelves. */
import { Plural, Trans } from '@lingui/react/macro';
import { ProductGrid } from '../components/product-bits';
import { useStore } from '../components/store-context';
import { LANGUAGE_INFO, type Language } from '../i18n/languages';
import type { ProductCard } from '../types';

export interface ShopHoursLine {
  /** First and last day, Monday = 0; null when the stored line could not be read. */
  days: { from: number; to: number } | null;
  intervals: [open: string, close: string][];
  raw: string;
}

export interface ShopData {
  shop: {
    name: string;
    address: string;
    postalCode: string;
    city: string;
    phone: string;
    telHref: string;
    mapUrl: string;
    hours: ShopHoursLine[];
  };
  stockCount: number;
  products: ProductCard[];
}

/** 2024-01-01 was a Monday: day n of the week is 1 + n January. */
function dayName(day: number, language: Language): string {
  return new Intl.DateTimeFormat(LANGUAGE_INFO[language].tag, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + day)));
}

function HoursRow({ line }: { line: ShopHoursLine }) {
  const { language } = useStore();
  if (!line.days) {
    return (
      <div>
        <dt>
          <Trans>Hours</Trans>
        </dt>
        <dd>{line.raw}</dd>
      </div>
    );
  }
  const { from, to } = line.days;
  const days = from === to ? dayName(from, language) : `${dayName(from, language)} – ${dayName(to, language)}`;
  return (
    <div>
      <dt>{days}</dt>
      <dd>{line.intervals.map(([open, close]) => `${open}–${close}`).join(', ')}</dd>
    </div>
  );
}

export default function ShopPage({ data }: { data: ShopData }) {
  const { shop, stockCount, products } = data;
  return (
    <>
      <h1>{shop.name}</h1>
      <div className="shop-facts">
        <section aria-labelledby="shop-address-title">
          <h2 id="shop-address-title">
            <Trans>Address and contact</Trans>
          </h2>
          <address>
            {shop.address}
            <br />
            {shop.postalCode} {shop.city}
            <br />
            <Trans>Phone:</Trans> <a href={shop.telHref}>{shop.phone}</a>
          </address>
          <p>
            <a href={shop.mapUrl}>
              <Trans>See on the map (OpenStreetMap)</Trans>
            </a>
          </p>
        </section>
        <section aria-labelledby="shop-hours-title">
          <h2 id="shop-hours-title">
            <Trans>Opening hours</Trans>
          </h2>
          <dl className="opening-hours">
            {shop.hours.map((line) => (
              <HoursRow key={line.raw} line={line} />
            ))}
          </dl>
          <p className="result-count">
            <Trans>Closed on the days not listed.</Trans>
          </p>
        </section>
      </div>
      <section aria-labelledby="shop-stock-title">
        <h2 id="shop-stock-title">
          <Trans>In stock in this shop</Trans>
        </h2>
        <p className="result-count">
          <Plural value={stockCount} one="# product in stock in this shop" other="# products in stock in this shop" />
        </p>
        {products.length > 0 ? <ProductGrid products={products} /> : null}
      </section>
    </>
  );
}
