/** Small pieces of product display: image, price, availability, delivery wording, card. */
import { Trans, useLingui } from '@lingui/react/macro';
import { availability } from '../catalogue/availability';
import { formatDate, formatMoney } from '../i18n/format';
import { slugHref } from '../routes';
import type { DeliveryInfo, ProductCard as ProductCardData } from '../types';
import { useStore } from './store-context';

export const IMAGE_SIZES = { tiny: 44, small: 140, medium: 300, large: 530 } as const;
export type ImagePreset = keyof typeof IMAGE_SIZES;

export function productImageUrl(imageKey: string, preset: ImagePreset, label: string): string {
  return `/images/${preset}/${encodeURIComponent(imageKey)}.svg?label=${encodeURIComponent(label)}`;
}

export function ProductImage({ imageKey, preset, label, alt, eager }: { imageKey: string; preset: ImagePreset; label: string; alt: string; eager?: boolean }) {
  const size = IMAGE_SIZES[preset];
  return (
    <img
      src={productImageUrl(imageKey, preset, label)}
      width={size}
      height={size}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

export function Price({ price, originalPrice }: { price: number | null; originalPrice: number | null }) {
  const { language } = useStore();
  if (price === null) {
    return (
      <p className="price price--none">
        <Trans>Not sold in this country</Trans>
      </p>
    );
  }
  const was = originalPrice !== null && originalPrice > price ? formatMoney(originalPrice, language) : null;
  return (
    <p className="price">
      <span className="price__now">{formatMoney(price, language)}</span>
      {was ? (
        <>
          {' '}
          <s className="price__was">
            <span className="visually-hidden">
              <Trans>Previous price:</Trans>{' '}
            </span>
            {was}
          </s>
        </>
      ) : null}
    </p>
  );
}

export function Availability({ code }: { code: number | null }) {
  const { i18n } = useLingui();
  const info = availability(code);
  return <p className={`availability availability--${info.tone}`}>{i18n._(info.label)}</p>;
}

export function ProductCard({ product }: { product: ProductCardData }) {
  const { language, channel } = useStore();
  return (
    <article className="product-card">
      <a href={slugHref(product.slug, language, channel)}>
        <ProductImage imageKey={product.imageKey} preset="small" label={product.brand} alt="" />
        <h3 className="product-card__name">{product.name}</h3>
      </a>
      <p className="product-card__brand">{product.brand}</p>
      <Price price={product.price} originalPrice={product.originalPrice} />
      <Availability code={product.availabilityCode} />
    </article>
  );
}

export function ProductGrid({ products }: { products: ProductCardData[] }) {
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

export function DeliveryText({ delivery }: { delivery: DeliveryInfo }) {
  const { language } = useStore();
  const day = (iso: string) => formatDate(new Date(iso), language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: delivery.timeZone });
  const from = day(delivery.from);
  const to = day(delivery.to);
  if (delivery.kind === 'today' && delivery.minutesLeft !== undefined) {
    const hours = Math.floor(delivery.minutesLeft / 60);
    const minutes = delivery.minutesLeft % 60;
    return hours > 0 ? (
      <Trans>
        Get it today if you order within {hours} h {minutes} min
      </Trans>
    ) : (
      <Trans>Get it today if you order within {minutes} min</Trans>
    );
  }
  if (delivery.kind === 'today') return <Trans>Get it today</Trans>;
  if (delivery.kind === 'tomorrow') return <Trans>Get it tomorrow, {from}</Trans>;
  if (delivery.kind === 'date') return <Trans>Get it on {from}</Trans>;
  return (
    <Trans>
      Get it between {from} and {to}
    </Trans>
  );
}
