/** GET /images/{preset}/{key}.svg?label=Brand — generated product images at the §9 presets. */
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { appError } from '../http/errors';
import { IMAGE_PRESETS, renderProductImage } from './product-image';

export const images = new Hono<AppEnv>().get('/:preset/:file', (c) => {
  const size = IMAGE_PRESETS[c.req.param('preset') as keyof typeof IMAGE_PRESETS];
  const file = c.req.param('file');
  if (!size || !/^[a-z0-9-]{1,64}\.svg$/i.test(file)) throw appError('notFound');
  const label = (c.req.query('label') ?? '').slice(0, 40);
  return c.body(renderProductImage(file.slice(0, -4), size, label), 200, {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});
