/**
 * `GET /api/openapi.json` (the document, built once per isolate) and `GET /api/docs` (the API
 * reference page: Scalar's standalone script from our own assets, so its CSP stays 'self' plus
 * the page's nonce; Scalar adds its styles inline, which only this page allows).
 */
import type { Hono } from 'hono';
import manifest from 'virtual:client-manifest';
import type { AppContext, AppEnv } from './context';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi';

/** The manifest key of the Scalar bundle the client build copies in (vite.client.config.ts). */
export const SCALAR_BUNDLE = 'node_modules/@scalar/api-reference/dist/browser/standalone.js';

let cached: { app: object; document: OpenApiDocument } | null = null;

/** The document of `app`, built at the first call and kept for the isolate's life. */
export function openApiDocumentOf(app: Hono<AppEnv>): OpenApiDocument {
  if (cached?.app !== app) cached = { app, document: buildOpenApiDocument(app) };
  return cached.document;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The reference page; 404 when the client build that carries the script is missing. */
export function apiReferencePage(c: AppContext, chunks: Record<string, { file: string }> = manifest) {
  const script = chunks[SCALAR_BUNDLE]?.file;
  if (!script) return null;
  c.set('apiReference', true);
  const nonce = escapeHtml(c.var.nonce);
  const config = JSON.stringify({ url: '/api/openapi.json', slug: 'ampora-api', title: 'Ampora API', withDefaultFonts: false, hideClientButton: true, telemetry: false, agent: { disabled: true }, mcp: { disabled: true } }).replace(/</g, '\\u003c');
  c.header('Cache-Control', 'no-store');
  return c.html(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Ampora API reference</title></head>
<body>
<div id="reference"></div>
<script nonce="${nonce}" src="/${escapeHtml(script)}"></script>
<script nonce="${nonce}">Scalar.createApiReference('#reference', ${config});</script>
</body>
</html>`);
}
