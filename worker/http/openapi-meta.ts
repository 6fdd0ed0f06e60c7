/**
 * What the OpenAPI document (worker/http/openapi.ts) reads from a route's own handlers: the
 * input a validator checks (`validate()`, `formOrJson()` record their target and zod schema on
 * the middleware they return), the route's `describe()` declaration (summary, tag, the catalogue
 * errors it can answer), and what an access middleware demands. The record is keyed by the very
 * function Hono runs, so the document cannot say something the route does not do.
 */
import type { MiddlewareHandler } from 'hono';
import type { output, ZodType } from 'zod';
import type { AppContext, AppEnv } from './context';
import type { ErrorName } from './errors';

/**
 * Who may call a route: anyone, a signed-in user (session cookie), either (`optionalSession`: a
 * link's token or hash stands in for the session), staff (session cookie and the staff role),
 * ops tooling (Bearer token).
 */
export type RouteSecurity = 'none' | 'optionalSession' | 'session' | 'staff' | 'ops';

/** A route's declaration for the document. */
export interface RouteDescription {
  /** One line saying what the call does. */
  summary: string;
  /** More detail, in Markdown. */
  description?: string;
  /** The catalogue errors the handler and the functions it calls can answer (validation, access and same-origin errors are added from the middleware). */
  errors?: readonly ErrorName[];
  /** Access the handler checks itself (e.g. `currentUser(c)` inside it); middleware such as requireUser is read on its own. */
  security?: RouteSecurity;
  /** Grouping in the reference; by default the resource's tag from the path. */
  tag?: string;
  /** A success answer that is not the JSON envelope (a PDF, a redirect…). */
  success?: { status?: number; contentType?: string; description: string };
}

/** A validated input: where it is read from and the zod schema that checks it. */
export interface InputDeclaration {
  /** `formOrJson`: a form (fields turned into the schema's input) or a JSON body. */
  target: 'json' | 'form' | 'query' | 'param' | 'header' | 'cookie' | 'formOrJson';
  schema: ZodType;
}

export type Declaration =
  | { kind: 'route'; description: RouteDescription }
  | { kind: 'input'; input: InputDeclaration }
  | { kind: 'access'; security: RouteSecurity | null; errors: readonly ErrorName[]; methods?: readonly string[]; onlyWithBody?: boolean };

const DECLARATIONS = new WeakMap<object, Declaration>();

/** Records what a handler or middleware means for the document. */
export function declare<H extends object>(handler: H, declaration: Declaration): H {
  DECLARATIONS.set(handler, declaration);
  return handler;
}

export function declarationOf(handler: unknown): Declaration | undefined {
  return typeof handler === 'function' ? DECLARATIONS.get(handler) : undefined;
}

/** A middleware that does nothing at request time and carries a declaration. */
function passThrough(): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    await next();
  };
}

/**
 * A route's summary, tag and catalogue errors, placed first among its handlers:
 * `.get('/x', describe({ summary: '…', errors: ['notFound'] }), validate(…), handler)`.
 */
export function describe(description: RouteDescription): MiddlewareHandler<AppEnv> {
  return declare(passThrough(), { kind: 'route', description });
}

/**
 * The body of a call that forms also send without script, declared on the route
 * (`.post('/x', describe(…), body, handler)`) and read in the handler with `body.read(c)`
 * (`formOrJsonBody` of worker/http/validate.ts): the document shows the same schema.
 */
export interface FormOrJsonDeclaration<S extends ZodType> extends MiddlewareHandler<AppEnv> {
  /** Reads and checks the body; `fromForm` (turning a form into the schema's input) replaces the declared one for this call. */
  read(c: AppContext, fromForm?: (form: FormData) => unknown): Promise<output<S>>;
}

export function declareFormOrJson<S extends ZodType>(schema: S, read: FormOrJsonDeclaration<S>['read']): FormOrJsonDeclaration<S> {
  return declare(Object.assign(passThrough(), { read }), { kind: 'input', input: { target: 'formOrJson', schema } });
}
