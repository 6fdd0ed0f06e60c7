/**
 * GET /images/{preset}/{key}.svg?label=Brand — a product's main (front) image at a §9 preset;
 * GET /images/{preset}/{key}/{view}.svg?label=Brand — one of its other views (worker/media/views.ts).
 * Generated, so an address never changes meaning: cached for a year as immutable. An unknown
 * preset, key pattern or view — or a view the product's shape does not have — is a 404.
 */
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../http/context';
import { appError } from '../http/errors';
import { IMAGE_PRESETS, renderProductImage } from './product-image';
import { isImageView, type ImageView } from './views';

const KEY = /^[a-z0-9-]{1,64}$/i;

function answer(c: AppContext, preset: string, key: string, view: ImageView) {
  // Own keys only: "constructor" is not a preset.
  const size = Object.hasOwn(IMAGE_PRESETS, preset) ? IMAGE_PRESETS[preset as keyof typeof IMAGE_PRESETS] : undefined;
  if (!size || !KEY.test(key)) throw appError('notFound');
  const svg = renderProductImage(key, size, (c.req.query('label') ?? '').slice(0, 40), view);
  if (svg === null) throw appError('notFound');
  return c.body(svg, 200, {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
}

export const images = new Hono<AppEnv>()
  .get('/:preset/:file', (c) => {
    const file = c.req.param('file');
    if (!file.endsWith('.svg')) throw appError('notFound');
    return answer(c, c.req.param('preset'), file.slice(0, -4), 'front');
  })
  .get('/:preset/:key/:file', (c) => {
    const file = c.req.param('file');
    const view = file.endsWith('.svg') ? file.slice(0, -4) : '';
    if (!isImageView(view)) throw appError('notFound');
    return answer(c, c.req.param('preset'), c.req.param('key'), view);
  });
