/** /api/checkout: the checkout's reference data (countries, provinces). */
import { Hono } from 'hono';
import { z } from 'zod';
import { listCountries, listProvinces } from '../db/geo';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { describe } from '../http/openapi-meta';

const countryParams = z.object({ id: z.coerce.number().int().positive() });

export const checkout = new Hono<AppEnv>()
  .get('/countries', describe({ summary: 'The countries the store delivers to' }), async (c) => c.json(okEnvelope(await listCountries(c.var.db, c.var.language))))
  .get('/countries/:id/provinces', describe({ summary: 'The provinces of a country', errors: ['countryNotFound'] }), validate('param', countryParams), async (c) => {
    const provinces = await listProvinces(c.var.db, c.req.valid('param').id);
    if (!provinces) throw appError('countryNotFound');
    return c.json(okEnvelope(provinces));
  });
