/** Small pieces of product display: image, price, availability, delivery wording, card. */
import { Trans, useLingui } from '@lingui/react/macro';
import { availability } from '../catalogue/availability';
import { formatDate, formatMoney } from '../i18n/format';
import { discountToShow } from '../../worker/domain/catalogue/discount';
import { IMAGE_REVISION, type ImageView } from '../../worker/media/views';
import { slugHref } from '../routes';
import type { DeliveryInfo, ProductCard as ProductCardData } from '../types';
import WishlistHeart from '../islands/wishlist-heart';
import { CompareLink } from './compare-link';
import { Island } from './island';
import { useStore } from './store-context';

export const IMAGE_SIZES = { tiny: 44, small: 140, medium: 300, large: 530 } as const;
export type ImagePreset = keyof typeof IMAGE_SIZES;

/** The generated image's address; the front view keeps the historical `/images/{preset}/{key}.svg`. */
export function productImageUrl(imageKey: string, preset: ImagePreset, label: string, view: ImageView = 'front'): string {
  const file = view === 'front' ? `${encodeURIComponent(imageKey)}.svg` : `${encodeURIComponent(imageKey)}/${view}.svg`;
  return `/images/${preset}/${file}?label=${encodeURIComponent(label)}&v=${IMAGE_REVISION}`;
}

export interface ProductImageProps {
  imageKey: string;
  /** The size the image is laid out at (its width/height attributes) and the default `sizes`. */
  preset: ImagePreset;
  label: string;
  alt: string;
  /** The LCP image: fetched at once with high priority. Everything else loads lazily. */
  eager?: boolean;
  /** The rendered width for the browser's srcset choice, when CSS lays the image out wider or narrower than its preset. */
  sizes?: string;
  view?: ImageView;
}

/**
 * The §9 presets of a product image at least `minWidth` wide (all by default), as `srcset` lists
 * them: a browser never picks a candidate narrower than the image is laid out.
 */
export function productImageSrcSet(imageKey: string, label: string, view: ImageView = 'front', minWidth = 0): string {
  return (Object.keys(IMAGE_SIZES) as ImagePreset[])
    .filter((p) => IMAGE_SIZES[p] >= minWidth)
    .map((p) => `${productImageUrl(imageKey, p, label, view)} ${IMAGE_SIZES[p]}w`)
    .join(', ');
}

/**
 * A product image with the §9 presets in `srcset`, so a dense screen fetches the next preset up
 * (laid out at its preset's size, from that preset up; with other `sizes`, every one); explicit
 * width and height reserve its box before it loads (no layout shift).
 */
export function ProductImage({ imageKey, preset, label, alt, eager, sizes, view = 'front' }: ProductImageProps) {
  const size = IMAGE_SIZES[preset];
  const srcSet = productImageSrcSet(imageKey, label, view, sizes === undefined ? size : 0);
  return (
    <img
      src={productImageUrl(imageKey, preset, label, view)}
      srcSet={srcSet}
      sizes={sizes ?? `${size}px`}
      width={size}
      height={size}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? 'auto' : 'async'}
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

type Flag = { background: string; text: string; label?: string };

/**
 * A campaign's flag, drawn as SVG: its colours are data (the campaign's), and the CSP allows no
 * inline style. The label is the campaign's own name. `small` on cards, full size on the product page.
 */
export function CampaignFlag({ flag, small }: { flag: Flag; small?: boolean }) {
  const label = flag.label ?? 'Black Friday';
  const [height, baseline, perChar, fontSize] = small ? [20, 14, 7, 12] : [24, 16, 8, 13];
  const width = (small ? 12 : 16) + label.length * perChar;
  return (
    <svg className={small ? 'card-flag' : 'campaign-flag'} role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <rect width={width} height={height} rx={4} fill={flag.background} />
      <text x={width / 2} y={baseline} textAnchor="middle" fill={flag.text} fontSize={fontSize} fontWeight={700} fontFamily="system-ui, sans-serif">
        {label}
      </text>
    </svg>
  );
}

/** The card's badges: the running campaign's flag, the discount, a refurbished grade. */
function CardBadges({ product }: { product: ProductCardData }) {
  const { t } = useLingui();
  const discount = discountToShow(product.price, product.originalPrice);
  const percent = discount?.percent ?? 0;
  const grade = product.condition && product.condition !== 'new' ? product.condition.slice(-1) : null;
  if (!product.campaignFlag && !discount && !grade) return null;
  return (
    <p className="product-card__badges">
      {product.campaignFlag ? <CampaignFlag flag={product.campaignFlag} small /> : null}
      {discount ? (
        <span className="badge badge--discount">
          <span aria-hidden="true">−{percent} %</span>
          <span className="visually-hidden">{t`${percent} % off`}</span>
        </span>
      ) : null}
      {grade ? <span className="badge badge--grade">{t`Refurbished, grade ${grade}`}</span> : null}
    </p>
  );
}

/** `wishlist`: the card's "add to wishlist" heart, for server-rendered grids only (an island cannot sit inside another). */
export function ProductCard({ product, eager, wishlist }: { product: ProductCardData; eager?: boolean; wishlist?: boolean }) {
  const { language, channel } = useStore();
  const seller = product.sellerName;
  return (
    <article className="product-card">
      <a href={slugHref(product.slug, language, channel)}>
        <ProductImage imageKey={product.imageKey} preset="small" label={product.brand} alt="" eager={eager} />
        <h3 className="product-card__name">{product.name}</h3>
      </a>
      <CardBadges product={product} />
      <p className="product-card__brand">{product.brand}</p>
      <Price price={product.price} originalPrice={product.originalPrice} />
      {wishlist && product.price !== null ? <Island name="wishlist-heart" component={WishlistHeart} props={{ articleId: product.id, name: product.name, price: product.price, compact: true }} /> : null}
      <Availability code={product.availabilityCode} />
      {seller ? (
        <p className="product-card__seller">
          <span className="badge badge--seller">
            <Trans>Sold by {seller}</Trans>
          </span>
        </p>
      ) : null}
      {product.categorySlug ? (
        <p className="product-card__compare">
          <CompareLink id={product.id} name={product.name} categorySlug={product.categorySlug} />
        </p>
      ) : null}
    </article>
  );
}

/**
 * A list item holding a card. A card depends only on its data (shared by the requests of a
 * catalogue version), the language and the channel: the server renders it once per card object
 * (the store's `fragment`) and inserts the same markup; an eager card renders with the page.
 */
export function CardItem({ product, eager = false, wishlist = false }: { product: ProductCardData; eager?: boolean; wishlist?: boolean }) {
  const { fragment } = useStore();
  const card = <ProductCard product={product} eager={eager} wishlist={wishlist} />;
  // An eager image is also preloaded from the document's head, which only a render with the page gives.
  if (!fragment || eager) return <li>{card}</li>;
  return <li dangerouslySetInnerHTML={{ __html: fragment(product, `card:${wishlist}`, card) }} />;
}

/** A grid of cards; the first `eager` images load at once (they are above the fold on a phone). */
export function ProductGrid({ products, eager = 0, wishlist }: { products: ProductCardData[]; eager?: number; wishlist?: boolean }) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <CardItem key={product.id} product={product} eager={index < eager} wishlist={wishlist} />
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
