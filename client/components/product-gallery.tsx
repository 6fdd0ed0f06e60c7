/**
 * The product page's gallery: every view of the product's generated images (worker/media/views.ts)
 * as a swipeable strip with thumbnails and a zoom. It works fully without JavaScript; the island
 * (client/islands/product-gallery.tsx) hydrates on interaction only, so the page still ships
 * just the entry script before the visitor touches the gallery.
 */
import { preload } from 'react-dom';
import ProductGalleryIsland, { MAIN_SIZES, type ProductGalleryProps } from '../islands/product-gallery';
import { Island } from './island';
import { productImageSrcSet, productImageUrl } from './product-bits';

export type { ProductGalleryProps };

/**
 * Asks for the first image in the head: the largest paint waits for it. A pre-rendered part
 * brings no head resources, so a page that renders the gallery inside one asks here too.
 */
export function preloadGallery(imageKey: string, label: string): void {
  preload(productImageUrl(imageKey, 'large', label), { as: 'image', imageSrcSet: productImageSrcSet(imageKey, label), imageSizes: MAIN_SIZES, fetchPriority: 'high' });
}

export function ProductGallery({ imageKey, label, name }: ProductGalleryProps) {
  preloadGallery(imageKey, label);
  return <Island name="product-gallery" component={ProductGalleryIsland} props={{ imageKey, label, name }} hydrate="interaction" />;
}
