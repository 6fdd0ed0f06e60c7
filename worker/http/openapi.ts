/**
 * The OpenAPI 3.1 document of the /api surface, built from the mounted app itself: every route
 * Hono holds (`app.routes`), the zod schema each validator checks (converted with
 * `z.toJSONSchema`, input side), the route's `describe()` declaration and what its access
 * middleware demands (worker/http/openapi-meta.ts). Errors are the catalogue's entries
 * (worker/http/errors.ts), grouped by status, inside the §7 envelope. docs/api.md tells how to
 * declare a new route.
 */
import type { Hono } from 'hono';
import { z, type ZodType } from 'zod';
import { requireStaff } from '../admin/access';
import { requireUser } from '../identity/session';
import { refuseCardData } from '../payments/card-data';
import { ERRORS, type CatalogueEntry, type ErrorName } from './errors';
import { declarationOf, declare, type InputDeclaration, type RouteDescription, type RouteSecurity } from './openapi-meta';
import { sameOriginOnly } from './same-origin';

const UNSAFE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
declare(requireUser, { kind: 'access', security: 'session', errors: ['unauthorized'] });
declare(requireStaff, { kind: 'access', security: 'staff', errors: ['staffOnly'] });
declare(sameOriginOnly, { kind: 'access', security: null, errors: ['crossOrigin'], methods: UNSAFE_METHODS });
declare(refuseCardData, { kind: 'access', security: null, errors: ['cardDataNotAccepted'], methods: UNSAFE_METHODS, onlyWithBody: true });

type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/** One mounted method and path with the functions Hono runs for it, in order (middleware first). */
export interface MountedRoute {
  method: string;
  /** Hono's path under the app (`/orders/:id/cart`). */
  path: string;
  handlers: unknown[];
}

const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

/** The handler a sub-app with its own error handler wraps when mounted (hono-base `route()`). */
function unwrap(handler: unknown): unknown {
  let current = handler;
  while (typeof current === 'function' && COMPOSED_HANDLER in current) current = (current as unknown as Record<string, unknown>)[COMPOSED_HANDLER];
  return current;
}

/** Whether a `use` path (`*`, `/user/inbox/*`, `/orders/*`) covers a route path; `/x/*` covers `/x` as in Hono. */
function covers(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
    .replace(/\/\.\*$/, '(?:/.*)?');
  return new RegExp(`^${source}$`).test(path);
}

/**
 * The endpoints of an app: every method and path registered with a method, with the middleware
 * registered before it by `use` (method ALL) on a covering path. `use` entries and the catch-all
 * are no endpoints of their own.
 */
export function mountedRoutes(app: Hono<never> | { routes: { method: string; path: string; handler: unknown }[] }): MountedRoute[] {
  const entries = app.routes.map((route) => ({ ...route, handler: unwrap(route.handler) }));
  const byKey = new Map<string, MountedRoute & { first: number }>();
  entries.forEach((entry, index) => {
    if (entry.method === 'ALL') return;
    const key = `${entry.method} ${entry.path}`;
    const route = byKey.get(key) ?? { method: entry.method, path: entry.path, handlers: [], first: index };
    route.handlers.push(entry.handler);
    byKey.set(key, route);
  });
  return [...byKey.values()].map(({ first, ...route }) => {
    const middleware = entries.slice(0, first).filter((entry) => entry.method === 'ALL' && covers(entry.path, route.path));
    return { ...route, handlers: [...middleware.map((entry) => entry.handler), ...route.handlers] };
  });
}

/** Hono's `:param` (with an optional `{regex}`) as OpenAPI's `{param}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}');
}

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** The JSON Schema of a zod schema's input, for OpenAPI 3.1 (JSON Schema 2020-12, `$defs` moved into components). */
function jsonSchema(schema: ZodType, components: Record<string, JsonSchema>, prefix: string): JsonSchema {
  const converted = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete converted.$schema;
  const defs = converted.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return converted;
  delete converted.$defs;
  const rename = (name: string) => `${prefix}_${name}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const moved = JSON.parse(JSON.stringify({ converted, defs }).replace(/"#\/\$defs\/([^"]+)"/g, (_m, name: string) => `"#/components/schemas/${rename(name)}"`)) as { converted: JsonSchema; defs: Record<string, JsonSchema> };
  for (const [name, def] of Object.entries(moved.defs)) components[rename(name)] = def;
  return moved.converted;
}

function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1).replace(/\{.*$/, '')}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** The resource a route belongs to: the first segments of its path that are not parameters (`/user/inbox/:id` → `user/inbox`). */
function defaultTag(path: string): string {
  const parts = path.split('/').filter(Boolean);
  const fixed = parts.slice(0, parts.findIndex((part) => part.startsWith(':')) === -1 ? parts.length : parts.findIndex((part) => part.startsWith(':')));
  const head = fixed[0] ?? 'api';
  const nested = ['user', 'users', 'checkout', 'admin', 'ugc'];
  return nested.includes(head) && fixed[1] ? `${head}/${fixed[1]}` : head;
}

const SECURITY: Record<RouteSecurity, Record<string, string[]>[]> = {
  none: [],
  optionalSession: [{ sessionCookie: [] }, {}],
  session: [{ sessionCookie: [] }],
  staff: [{ sessionCookie: [] }],
  ops: [{ opsBearer: [] }],
};

const ENVELOPE_REF = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function errorResponse(status: number, names: ErrorName[]): JsonSchema {
  const entries = names.map((name) => ({ name, ...(ERRORS[name] as CatalogueEntry) }));
  const lines = entries.map((entry) => `- \`${entry.code}\` (${entry.type}, \`${entry.name}\`): ${entry.message.message ?? ''}`);
  return {
    description: `${entries.length === 1 ? 'Error' : 'Errors'} with status ${status}; \`err.message\` holds one of:\n\n${lines.join('\n')}`,
    'x-error-codes': entries.map((entry) => ({ name: entry.name, code: entry.code, type: entry.type })),
    content: {
      'application/json': {
        schema: {
          allOf: [ENVELOPE_REF('ErrorEnvelope')],
          'x-error-codes': entries.map((entry) => entry.code),
        },
      },
    },
  };
}

function parametersOf(target: 'param' | 'query' | 'header' | 'cookie', schema: JsonSchema, path: string): JsonSchema[] {
  const location = target === 'param' ? 'path' : target;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' ? pathParameterNames(path).includes(name) || required.has(name) : required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

function requestBodyOf(inputs: InputDeclaration[], components: Record<string, JsonSchema>, prefix: string): JsonSchema | undefined {
  const content: Record<string, JsonSchema> = {};
  let required = false;
  for (const input of inputs) {
    if (input.target !== 'json' && input.target !== 'form' && input.target !== 'formOrJson') continue;
    const schema = jsonSchema(input.schema, components, prefix);
    // A body the schema accepts absent (`undefined`) is optional.
    required ||= !input.schema.safeParse(undefined).success;
    if (input.target !== 'form') content['application/json'] = { schema };
    if (input.target !== 'json') for (const type of FORM_TYPES) content[type] = { schema };
  }
  if (Object.keys(content).length === 0) return undefined;
  const fromForm = inputs.some((input) => input.target === 'formOrJson');
  return {
    required,
    ...(fromForm ? { description: 'JSON, or the same fields sent by a form without script (urlencoded or multipart).' } : {}),
    content,
  };
}

function operationOf(route: MountedRoute, basePath: string, components: Record<string, JsonSchema>): OpenApiOperation {
  const declarations = route.handlers.map(declarationOf).filter((declaration) => declaration !== undefined);
  const description: RouteDescription | undefined = declarations.find((declaration) => declaration.kind === 'route')?.description;
  const inputs = declarations.flatMap((declaration) => (declaration.kind === 'input' ? [declaration.input] : []));
  const hasBody = inputs.some((input) => input.target === 'json' || input.target === 'formOrJson');
  const access = declarations.flatMap((declaration) =>
    declaration.kind === 'access' && (!declaration.methods || declaration.methods.includes(route.method)) && (!declaration.onlyWithBody || hasBody) ? [declaration] : [],
  );
  const operationId = operationIdOf(route.method, route.path);

  const errors = new Set<ErrorName>();
  for (const input of inputs) {
    errors.add('invalidRequest');
    if (input.target === 'json' || input.target === 'formOrJson') errors.add('invalidJson');
  }
  for (const declaration of access) for (const name of declaration.errors) errors.add(name);
  for (const name of description?.errors ?? []) errors.add(name);
  errors.add('internal');

  const securities = [description?.security, ...access.map((declaration) => declaration.security)].filter((security): security is RouteSecurity => !!security);
  const security = securities.find((s) => s === 'ops') ?? securities.find((s) => s === 'staff') ?? securities.find((s) => s === 'session') ?? securities.find((s) => s === 'optionalSession') ?? 'none';

  const parameters: JsonSchema[] = [];
  for (const input of inputs) {
    if (input.target !== 'param' && input.target !== 'query' && input.target !== 'header' && input.target !== 'cookie') continue;
    parameters.push(...parametersOf(input.target, jsonSchema(input.schema, components, operationId), route.path));
  }
  for (const name of pathParameterNames(route.path)) {
    if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }

  const byStatus = new Map<number, ErrorName[]>();
  for (const name of errors) byStatus.set(ERRORS[name].status, [...(byStatus.get(ERRORS[name].status) ?? []), name]);
  const responses: Record<string, JsonSchema> = {};
  const success = description?.success;
  responses[String(success?.status ?? 200)] = success
    ? { description: success.description, ...(success.contentType ? { content: { [success.contentType]: {} } } : {}) }
    : { description: 'Success: the §7 envelope with `ok: true`.', content: { 'application/json': { schema: ENVELOPE_REF('OkEnvelope') } } };
  // A form sent without script (`respond=page`) is answered with the page to show next.
  if (inputs.some((input) => input.target === 'formOrJson')) responses['303'] = { description: 'A form sent without script (`respond=page`): a redirect to the page with the result, or back to the form with `?error=CODE`.' };
  for (const [status, names] of [...byStatus].sort(([a], [b]) => a - b)) responses[String(status)] = errorResponse(status, names);

  const requestBody = requestBodyOf(inputs, components, operationId);
  return {
    operationId,
    summary: description?.summary ?? `${route.method} ${basePath}${openApiPath(route.path)}`,
    ...(description?.description ? { description: description.description } : {}),
    tags: [description?.tag ?? defaultTag(route.path)],
    security: SECURITY[security],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

function envelopeComponents(): Record<string, JsonSchema> {
  const entries = Object.entries(ERRORS) as [ErrorName, CatalogueEntry][];
  return {
    ErrorCode: {
      description: 'Every code of the error catalogue (worker/http/errors.ts): the spec’s numeric codes and stable names.',
      enum: [...new Set(entries.map(([, entry]) => entry.code))],
      'x-error-catalogue': Object.fromEntries(entries.map(([name, entry]) => [name, { code: entry.code, type: entry.type, status: entry.status, message: entry.message.message ?? '' }])),
    },
    ErrorType: { type: 'string', enum: [...new Set(entries.map(([, entry]) => entry.type))] },
    ErrorPayload: {
      type: 'object',
      description: 'The JSON inside `err.message`.',
      required: ['type', 'code', 'message'],
      properties: {
        type: ENVELOPE_REF('ErrorType'),
        code: ENVELOPE_REF('ErrorCode'),
        message: { type: 'string', description: 'The message in the request’s language.' },
        details: { description: 'More about the failure, e.g. `{ target, issues: [{ path, message }] }` for invalid fields.' },
      },
    },
    OkEnvelope: {
      type: 'object',
      description: 'A successful answer (spec §7).',
      required: ['ok', 'data', 'err'],
      properties: { ok: { const: true }, data: {}, err: { type: 'null' } },
    },
    ErrorEnvelope: {
      type: 'object',
      description: 'A failed answer (spec §7): `err.message` is the ErrorPayload as a JSON string.',
      required: ['ok', 'data', 'err'],
      properties: {
        ok: { const: false },
        data: { type: 'null' },
        err: {
          type: 'object',
          required: ['message'],
          properties: { message: { type: 'string', contentMediaType: 'application/json', contentSchema: ENVELOPE_REF('ErrorPayload') } },
        },
      },
    },
  };
}

/** Errors any call can get before it reaches a route (the channel middleware, the /api catch-all). */
const GLOBAL_ERRORS: [ErrorName, string][] = [
  ['unknownHost', 'the host belongs to no store'],
  ['domainNotAllowed', 'the host is not one of the store’s domains'],
  ['notFound', 'no route has this method and path'],
];

/** The document of an app mounted at `basePath`. */
export function buildOpenApiDocument(app: Parameters<typeof mountedRoutes>[0], basePath = '/api'): OpenApiDocument {
  const schemas = envelopeComponents();
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const operationIds = new Set<string>();
  for (const route of mountedRoutes(app)) {
    const operation = operationOf(route, basePath, schemas);
    // `/basket` and `/basket/` are two routes with the same words.
    const base = route.path.endsWith('/') && route.path !== '/' ? `${operation.operationId}Slash` : operation.operationId;
    let id = base;
    for (let n = 2; operationIds.has(id); n++) id = `${base}${n}`;
    operationIds.add(id);
    operation.operationId = id;
    const path = `${basePath}${openApiPath(route.path)}`;
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
    for (const tag of operation.tags) tags.add(tag);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ampora API',
      version: '1.0.0',
      description: [
        'The JSON API of the Ampora stores under `/api`. Every answer is the §7 envelope `{ ok, data, err }`; a failure carries the catalogue entry as JSON in `err.message`. Generated from the routes and their zod validators (docs/api.md).',
        '',
        'Before any route, on every call:',
        ...GLOBAL_ERRORS.map(([name, why]) => `- \`${ERRORS[name].code}\` (${ERRORS[name].status}, \`${name}\`): ${why}`),
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'The store’s own host (the channel follows the host).' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: '__Host-ampora_session', description: 'The session cookie set at sign-in (`ampora_session` over plain http in development).' },
        opsBearer: { type: 'http', scheme: 'bearer', description: 'The operations token (`OPS_API_TOKEN`).' },
      },
    },
  };
}
