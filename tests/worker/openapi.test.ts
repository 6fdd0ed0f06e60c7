/**
 * The OpenAPI document of /api (worker/http/openapi.ts): it lists exactly the mounted routes,
 * each with its declaration, the schema its validator checks and catalogue errors only; it is
 * valid OpenAPI 3.1; and what a validator refuses is what the document says it needs.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import oas31 from '@seriousme/openapi-schema-validator/schemas/v3.1/schema.json';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { api } from '../../worker/api';
import type { AppEnv } from '../../worker/http/context';
import { ERRORS } from '../../worker/http/errors';
import { buildOpenApiDocument, mountedRoutes, openApiPath, type OpenApiDocument, type OpenApiOperation } from '../../worker/http/openapi';
import { declarationOf, describe as describeRoute } from '../../worker/http/openapi-meta';
import { requireUser } from '../../worker/identity/session';
import { validate } from '../../worker/http/validate';
import { z } from 'zod';
import { apiReferencePage, SCALAR_BUNDLE } from '../../worker/http/openapi-routes';
import { securityHeaders } from '../../worker/http/security-headers';
import { apiCall, host, request } from './helpers';

const ES = host('ES');
const doc = buildOpenApiDocument(api);

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[]; items?: Schema };

function operations(document: OpenApiDocument): [string, OpenApiOperation][] {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, OpenApiOperation]));
}

function operation(method: string, path: string): OpenApiOperation {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
}

function jsonBody(op: OpenApiOperation): Schema {
  return ((op.requestBody as { content: Record<string, { schema: Schema }> }).content['application/json']!.schema);
}

const errorCodesOf = (response: Record<string, unknown>) => (response['x-error-codes'] as { name: string; code: string | number; type: string }[] | undefined) ?? [];

describe('the OpenAPI document of /api', () => {
  it('has one operation for every mounted route and nothing else', () => {
    const mounted = new Set(api.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} /api${openApiPath(route.path)}`));
    const documented = new Set(operations(doc).map(([key]) => key));
    expect(mounted.size).toBeGreaterThan(180);
    expect([...mounted].filter((key) => !documented.has(key))).toEqual([]);
    expect([...documented].filter((key) => !mounted.has(key))).toEqual([]);
    // The catch-all and `use` middleware are no operations.
    expect([...documented].some((key) => key.includes('*'))).toBe(false);
  });

  it('every route carries its own describe() declaration with a summary, and operation ids are unique', () => {
    const undeclared = mountedRoutes(api)
      .filter((route) => !route.handlers.some((handler) => declarationOf(handler)?.kind === 'route'))
      .map((route) => `${route.method} ${route.path}`);
    expect(undeclared).toEqual([]);
    const ids = operations(doc).map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [key, op] of operations(doc)) {
      expect(op.summary, key).not.toMatch(/^(GET|POST|PUT|PATCH|DELETE) /);
      expect(op.tags.length, key).toBe(1);
    }
  });

  it('names only catalogue errors, each under its own status, and lists the whole catalogue in ErrorCode', () => {
    let seen = 0;
    for (const [key, op] of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        for (const entry of errorCodesOf(response)) {
          seen++;
          const catalogued = ERRORS[entry.name as keyof typeof ERRORS];
          expect(catalogued, `${key}: ${entry.name}`).toBeDefined();
          expect({ code: catalogued.code, type: catalogued.type, status: String(catalogued.status) }, key).toEqual({ code: entry.code, type: entry.type, status });
        }
      }
      // Every route can fail on our side.
      expect(errorCodesOf(op.responses['500']!).map((entry) => entry.code), key).toContain('INTERNAL_ERROR');
    }
    expect(seen).toBeGreaterThan(500);
    const codes = (doc.components.schemas.ErrorCode as { enum: (string | number)[] }).enum;
    expect(new Set(codes)).toEqual(new Set(Object.values(ERRORS).map((entry) => entry.code)));
    // The errors of the channel middleware and the catch-all are said once, for every call.
    expect(doc.info.description).toContain('`UNKNOWN_HOST` (404, `unknownHost`)');
  });

  it('is a valid OpenAPI 3.1 document', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('media-range', true);
    const validate = ajv.compile(oas31);
    const valid = validate(JSON.parse(JSON.stringify(doc)));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // And the validator does refuse a broken document.
    expect(validate({ ...doc, paths: { '/api/x': { get: { responses: { 200: {} } } } } })).toBe(false);
  });

  it('documents the very schemas the validators check', () => {
    const add = operation('post', '/api/orders/{id}/cart/articles');
    const body = jsonBody(add);
    expect(body.required).toEqual(['articles']);
    expect(body.properties!.articles).toMatchObject({ type: 'array', minItems: 1, maxItems: 30 });
    expect(body.properties!.articles!.items!.required).toEqual(['idArticle']);
    expect(add.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', pattern: '^[0-9a-f-]{36}$' }) })]);
    expect(add.requestBody!.required).toBe(true);

    const history = operation('get', '/api/user/balance/history');
    expect(history.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'page', in: 'query', required: false, schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 10_000, default: 1 }) })]),
    );

    // A body read with formOrJson: the same schema as JSON and as a form.
    const save = operation('post', '/api/user/configurations');
    const content = (save.requestBody as { content: Record<string, unknown> }).content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']);
    expect(content['application/x-www-form-urlencoded']).toEqual(content['application/json']);
    expect(save.responses['303']!.description).toContain('respond=page');
    expect(operation('get', '/api/user/returns/{id}/label').responses['200']).toEqual({ description: 'The label.', content: { 'application/pdf': {} } });
  });

  it('says who may call each route', () => {
    expect(operation('post', '/api/user/balance/api-return').security).toEqual([{ opsBearer: [] }]);
    expect(operation('get', '/api/user/inbox').security).toEqual([{ sessionCookie: [] }]);
    expect(operation('get', '/api/admin/orders').security).toEqual([{ sessionCookie: [] }]);
    expect(errorCodesOf(operation('get', '/api/admin/orders').responses['403']!).map((e) => e.name)).toContain('staffOnly');
    expect(operation('get', '/api/catalogue/listing').security).toEqual([]);
    // State-changing calls can be refused as cross-site; reads cannot.
    expect(errorCodesOf(operation('post', '/api/orders/{id}/cart/articles').responses['403']!).map((e) => e.name)).toContain('crossOrigin');
    expect(operation('get', '/api/catalogue/listing').responses['403']).toBeUndefined();
    // Card numbers are looked for in JSON bodies only.
    expect(errorCodesOf(operation('post', '/api/orders/{id}/cart/articles').responses['400']!).map((e) => e.name)).toContain('cardDataNotAccepted');
    expect(errorCodesOf(operation('post', '/api/user/inbox/read-all').responses['400']!).map((e) => e.name)).toContain('cardDataNotAccepted');
    expect(errorCodesOf(operation('delete', '/api/orders/{id}/cart').responses['400'] ?? {}).map((e) => e.name)).not.toContain('cardDataNotAccepted');
  });

  it('lists a route’s declared domain errors grouped by status, codes in the description', () => {
    const place = operation('post', '/api/checkout/orders/{id}/place');
    const conflicts = errorCodesOf(place.responses['409']!).map((entry) => entry.name);
    expect(conflicts).toEqual(expect.arrayContaining(['cartEmpty', 'paymentNotAvailable', 'maxCashOnDelivery']));
    expect(place.responses['409']!.description).toContain('`1102`');
    const add = operation('post', '/api/orders/{id}/cart/articles');
    expect(errorCodesOf(add.responses['409']!).map((entry) => entry.name)).toEqual(expect.arrayContaining(['cartTooManyLines', 'cartRefurbishedLimit']));
    expect(errorCodesOf(add.responses['400']!).map((entry) => entry.name)).toEqual(expect.arrayContaining(['invalidRequest', 'invalidJson']));
  });

  it('a request a validator refuses fails for a reason the document describes', async () => {
    const add = operation('post', '/api/orders/{id}/cart/articles');
    const refused = await apiCall(`${ES}/api/orders/00000000-0000-0000-0000-000000000000/cart/articles`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ articles: [] }) });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe('INVALID_REQUEST');
    expect(errorCodesOf(add.responses['400']!).map((entry) => entry.code)).toContain(refused.error!.code);
    const issues = (refused.error!.details as { issues: { path: string }[] }).issues;
    expect(issues.map((issue) => issue.path)).toEqual(['articles']);
    // The document says why: at least one article.
    expect(jsonBody(add).properties!.articles!.minItems).toBe(1);

    const missing = await apiCall(`${ES}/api/orders/00000000-0000-0000-0000-000000000000/cart/articles`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(missing.status).toBe(400);
    expect((missing.error!.details as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual(['articles']);
    expect(jsonBody(add).required).toContain('articles');
  });
});

describe('reading the routes of an app', () => {
  it('joins the middleware registered before a route on a covering path, and sees through sub-apps with their own error handler', () => {
    const body = z.object({ name: z.string().min(1) });
    const sub = new Hono<AppEnv>().post('/things/:id{[0-9]+}', describeRoute({ summary: 'Add a thing', errors: ['notFound'] }), validate('json', body), (c) => c.text('ok'));
    sub.onError((_error, c) => c.text('sub', 500));
    const app = new Hono<AppEnv>()
      .get('/open', describeRoute({ summary: 'Open' }), (c) => c.text('ok'))
      .use('/user/*', requireUser)
      .route('/user', sub)
      .get('/user', describeRoute({ summary: 'Mine' }), (c) => c.text('ok'));
    const routes = mountedRoutes(app);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(['GET /open', 'POST /user/things/:id{[0-9]+}', 'GET /user']);
    const built = buildOpenApiDocument(app, '/api');
    expect(Object.keys(built.paths)).toEqual(['/api/open', '/api/user/things/{id}', '/api/user']);
    const thing = built.paths['/api/user/things/{id}']!.post!;
    expect(thing.security).toEqual([{ sessionCookie: [] }]);
    expect(thing.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(Object.keys(thing.responses)).toEqual(['200', '400', '401', '404', '500']);
    expect(jsonBody(thing)).toMatchObject({ required: ['name'], properties: { name: { type: 'string', minLength: 1 } } });
    // Registered after `use('/user/*')`, so it runs it too; `/open` was registered before and does not.
    expect(built.paths['/api/user']!.get!.security).toEqual([{ sessionCookie: [] }]);
    expect(built.paths['/api/open']!.get!.security).toEqual([]);
  });
});

describe('GET /api/openapi.json and /api/docs', () => {
  it('serves the document', async () => {
    const response = await request(`${ES}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    const served = (await response.json()) as OpenApiDocument;
    expect(served.openapi).toBe('3.1.0');
    expect(served).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('the reference page loads our own copy of the script with the page nonce, and lets only it add inline styles', async () => {
    const app = new Hono<AppEnv>().use('*', securityHeaders).get('/docs', (c) => apiReferencePage(c, { [SCALAR_BUNDLE]: { file: 'assets/scalar-standalone-abc.js' } })!);
    const response = await app.request('/docs');
    const html = await response.text();
    const csp = response.headers.get('Content-Security-Policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(html).toContain(`<script nonce="${nonce}" src="/assets/scalar-standalone-abc.js"></script>`);
    expect(html).toContain('"url":"/api/openapi.json"');
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self'");
    // Without the client build there is no page to serve.
    const bare = new Hono<AppEnv>().use('*', securityHeaders).get('/docs', (c) => apiReferencePage(c, {}) ?? c.text('none', 404));
    expect((await bare.request('/docs')).status).toBe(404);
  });

  it('other pages keep the nonce-only style policy', async () => {
    const response = await request(`${ES}/api/health`);
    expect(response.headers.get('Content-Security-Policy')).toContain("style-src 'self' 'nonce-");
  });
});
