/**
 * Island: the product gallery. Server-rendered it already works without JavaScript — a strip of
 * views that swipes with CSS scroll-snap, thumbnails that are links to each view's anchor, and
 * a CSS `:target` lightbox per view. Hydrated on interaction, it adds: thumbnails that scroll the
 * strip without moving the page, the current thumbnail following a swipe, arrow keys on the
 * strip, and the enlarged image in a modal <dialog> (focus kept inside, Escape closes, focus
 * returns to the image that opened it) with previous/next and a 2× zoom.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { viewsOf, type ImageView } from '../../worker/media/views';
import { ProductImage } from '../components/product-bits';

export interface ProductGalleryProps {
  imageKey: string;
  /** The brand, drawn on the front view. */
  label: string;
  /** The product name, for the alternative texts. */
  name: string;
}

const slideId = (view: ImageView) => `gallery-${view}`;
const zoomId = (view: ImageView) => `zoom-${view}`;

/** As laid out by the Gallery rules of client/styles/product.css: 17rem on phones, the large preset above. */
export const MAIN_SIZES = '(min-width: 48rem) 530px, 17rem';

export default function ProductGallery({ imageKey, label, name }: ProductGalleryProps) {
  const { t } = useLingui();
  const views = viewsOf(imageKey);
  const [active, setActive] = useState<ImageView>(views[0]!);
  const [zoomed, setZoomed] = useState<ImageView | null>(null);
  const [magnified, setMagnified] = useState(false);
  const trackRef = useRef<HTMLUListElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  const alt = (view: ImageView): string => {
    switch (view) {
      case 'front': return t`${name}, front view`;
      case 'back': return t`${name}, back view`;
      case 'side': return t`${name}, side view`;
      case 'ports': return t`${name}, connectors close-up`;
      case 'scene': return t`${name}, in use`;
    }
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (zoomed && dialog && !dialog.open) dialog.showModal();
  }, [zoomed]);

  /** Scrolls the strip (only the strip: the page stays where it is) to a view. */
  function scrollTo(view: ImageView) {
    const track = trackRef.current;
    const slide = track?.querySelector<HTMLElement>(`#${slideId(view)}`);
    if (!track || !slide) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track.scrollTo({ left: slide.offsetLeft, behavior: reduce ? 'auto' : 'smooth' });
    setActive(view);
  }

  function onThumb(event: MouseEvent<HTMLAnchorElement>, view: ImageView) {
    event.preventDefault();
    scrollTo(view);
  }

  /** A swipe (or any scroll of the strip) moves the current thumbnail along. */
  function onScroll() {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const view = views[Math.round(track.scrollLeft / track.clientWidth)];
    if (view && view !== active) setActive(view);
  }

  function step(from: ImageView, by: number): ImageView {
    const index = views.indexOf(from);
    return views[(index + by + views.length) % views.length]!;
  }

  function onTrackKey(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = step(active, event.key === 'ArrowRight' ? 1 : -1);
    scrollTo(next);
    trackRef.current?.querySelector<HTMLElement>(`#${slideId(next)} a`)?.focus({ preventScroll: true });
  }

  function onZoom(event: MouseEvent<HTMLAnchorElement>, view: ImageView) {
    event.preventDefault();
    openerRef.current = event.currentTarget;
    setZoomed(view);
  }

  function onDialogKey(event: KeyboardEvent<HTMLDialogElement>) {
    if (!zoomed || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    event.preventDefault();
    setZoomed(step(zoomed, event.key === 'ArrowRight' ? 1 : -1));
  }

  function onDialogClose() {
    const shown = zoomed;
    setZoomed(null);
    setMagnified(false);
    // Back on the page, the strip shows the view last looked at, and focus returns to it.
    if (shown) {
      scrollTo(shown);
      trackRef.current?.querySelector<HTMLElement>(`#${slideId(shown)} a`)?.focus({ preventScroll: true });
    } else {
      openerRef.current?.focus({ preventScroll: true });
    }
  }

  const position = zoomed ? views.indexOf(zoomed) + 1 : 1;
  const total = views.length;
  return (
    <section className="gallery" aria-label={t`Images of ${name}`}>
      <ul className="gallery__track" ref={trackRef} onScroll={onScroll} onKeyDown={onTrackKey}>
        {views.map((view, index) => (
          <li key={view} id={slideId(view)} className="gallery__slide">
            <a href={`#${zoomId(view)}`} className="gallery__zoom" onClick={(event) => onZoom(event, view)}>
              <ProductImage imageKey={imageKey} preset="large" label={label} view={view} alt={alt(view)} eager={index === 0} sizes={MAIN_SIZES} />
              <span className="visually-hidden">{t`Enlarge image`}</span>
            </a>
          </li>
        ))}
      </ul>
      <ol className="gallery__thumbs">
        {views.map((view) => (
          <li key={view}>
            <a href={`#${slideId(view)}`} aria-current={view === active ? 'true' : undefined} onClick={(event) => onThumb(event, view)}>
              <ProductImage imageKey={imageKey} preset="tiny" label={label} view={view} alt={alt(view)} sizes="3.5rem" />
            </a>
          </li>
        ))}
      </ol>
      {views.map((view) => (
        <div key={view} id={zoomId(view)} className="gallery__lightbox">
          <a href={`#${slideId(view)}`} className="button button--secondary gallery__close">
            {t`Close`}
          </a>
          <ProductImage imageKey={imageKey} preset="large" label={label} view={view} alt={alt(view)} sizes="100vw" />
        </div>
      ))}
      <dialog ref={dialogRef} className="gallery__dialog" aria-label={zoomed ? alt(zoomed) : t`Images of ${name}`} onClose={onDialogClose} onKeyDown={onDialogKey}>
        <div className="gallery__bar">
          <button type="button" className="button button--ghost" onClick={() => zoomed && setZoomed(step(zoomed, -1))}>
            {t`Previous image`}
          </button>
          <span className="gallery__count">{t`${position} of ${total}`}</span>
          <button type="button" className="button button--ghost" onClick={() => zoomed && setZoomed(step(zoomed, 1))}>
            {t`Next image`}
          </button>
          <button type="button" className="button button--ghost" aria-pressed={magnified} onClick={() => setMagnified((on) => !on)}>
            {t`Zoom in`}
          </button>
          <button type="button" className="button button--secondary gallery__close" onClick={() => dialogRef.current?.close()}>
            {t`Close`}
          </button>
        </div>
        <div className={magnified ? 'gallery__stage gallery__stage--magnified' : 'gallery__stage'}>
          {zoomed ? <ProductImage key={zoomed} imageKey={imageKey} preset="large" label={label} view={zoomed} alt={alt(zoomed)} sizes="100vw" eager /> : null}
        </div>
      </dialog>
    </section>
  );
}
