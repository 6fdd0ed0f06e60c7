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
 * `partOf`: the memoized product the props come from, so the server renders the gallery once
 * per product (a pre-rendered part). A part brings no head resources, so the preload of the
 * first image, which the largest paint waits for, is asked for here, as the image itself would.
 */
export function ProductGallery({ imageKey, label, name, partOf }: ProductGalleryProps & { partOf?: object }) {
  preload(productImageUrl(imageKey, 'large', label), { as: 'image', imageSrcSet: productImageSrcSet(imageKey, label), imageSizes: MAIN_SIZES, fetchPriority: 'high' });
  return <Island name="product-gallery" component={ProductGalleryIsland} props={{ imageKey, label, name }} hydrate="interaction" part={partOf ? { of: partOf, variant: '' } : undefined} />;
}
