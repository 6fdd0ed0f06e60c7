/**
 * `POST /api/configurator/to-cart` `{ build, assembly }` (docs/configurator.md): the whole build
 * into the caller's basket, with the PC assembly service when asked (worker/configurations/to-cart.ts).
 * The configurator's form sends it without script too (`respond=page`): a 303 to the basket, or
 * back to the configurator with the refusal's code.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { addBuildToCart } from '../configurations/to-cart';
import { buildParamOf } from '../domain/configurator/build-links';
import { parseBuildParam } from '../domain/configurator/parts';
import type { AppEnv } from '../http/context';
import { answerForm, formPage, formTextFields, pageFormFields } from '../http/forms';
import { formOrJson } from '../http/validate';
import { describe } from '../http/openapi-meta';

const flag = z.union([z.boolean(), z.enum(['1', 'on', 'true', '0', 'false']).transform((v) => v === '1' || v === 'on' || v === 'true')]);

const body = z.object({
  build: z.string().max(400).transform((text, ctx) => {
    const parsed = parseBuildParam(text);
    if ('error' in parsed || parsed.chosen.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'error' in parsed ? parsed.error : 'at least one component' });
      return z.NEVER;
    }
    return parsed.chosen;
  }),
  // A form without script sends the box only when ticked.
  assembly: flag.default(false),
  ...pageFormFields,
});

const toCartInput = formOrJson(body, formTextFields);

export const configuratorCartApi = new Hono<AppEnv>().post('/to-cart', describe({ summary: 'Put a configurator build into the cart', errors: ['cartArticleNotInCart', 'cartNoStockArticle', 'cartRefurbishedLimit', 'cartTooManyLines', 'configurationIncompatible', 'configurationUnknownArticle', 'installationPriceNotFound', 'installationServiceNotFound', 'insuranceNotForBusiness', 'serviceNotAvailable'] }), toCartInput, async (c) => {
  c.header('Cache-Control', 'private, no-store');
  const input = await toCartInput.read(c);
  const pages =
    input.respond === 'page'
      ? {
          done: () => formPage(c, 'cartBasket', input.lang),
          refused: (code: string) => formPage(c, 'configurator', input.lang, { build: buildParamOf(input.build), error: code }, 'configurator-actions'),
        }
      : null;
  return answerForm(c, pages, () => addBuildToCart(c, input.build, { assembly: input.assembly }));
});
