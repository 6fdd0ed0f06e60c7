/**
 * The product page's gallery: every view of the product's generated images (worker/media/views.ts)
 * as a swipeable strip with thumbnails and a zoom. It works fully without JavaScript; the island
 * (client/islands/product-gallery.tsx) hydrates on interaction only, so the page still ships
 * just the entry script before the visitor touches the gallery.
 */
import ProductGalleryIsland, { type ProductGalleryProps } from '../islands/product-gallery';
import { Island } from './island';

export type { ProductGalleryProps };

export function ProductGallery({ imageKey, label, name }: ProductGalleryProps) {
  return <Island name="product-gallery" component={ProductGalleryIsland} props={{ imageKey, label, name }} hydrate="interaction" />;
}
