import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeNext } from '../../../client/safe-next';

const FALLBACK = '/account';

/** Values a link could carry in `next` that must never lead off the site (after `searchParams` decoding). */
const HOSTILE = [
  '//evil.example',
  '///evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '/.//evil.example',
  'https://evil.example/',
  'http:evil.example',
  'https:/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  ' /account',
  '',
  '/account\u0000',
  '/account\r\nSet-Cookie: x=1',
  '/' + 'a'.repeat(600),
];

describe('safeNext', () => {
  it.each(HOSTILE)('refuses %j', (value) => {
    expect(safeNext(value, FALLBACK)).toBe(FALLBACK);
  });

  it('refuses null and undefined', () => {
    expect(safeNext(null, FALLBACK)).toBe(FALLBACK);
    expect(safeNext(undefined, FALLBACK)).toBe(FALLBACK);
  });

  it.each([
    ['/usuarios/panel', '/usuarios/panel'],
    ['/search?query=ssd&page=2', '/search?query=ssd&page=2'],
    ['/product#reviews', '/product#reviews'],
    // Encoded slashes and look-alike characters stay inside one path: the browser does not read them as a host.
    ['/%2F/evil.example', '/%2F/evil.example'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['/%09/evil.example', '/%09/evil.example'],
    ['/\uFF0F\uFF0Fevil.example', '/%EF%BC%8F%EF%BC%8Fevil.example'],
    ['/\u2215\u2215evil.example', '/%E2%88%95%E2%88%95evil.example'],
    ['/ordenadores/portátiles', '/ordenadores/port%C3%A1tiles'],
    ['/a/../b', '/b'],
  ])('keeps the same-origin path %j as %j', (value, expected) => {
    expect(safeNext(value, FALLBACK)).toBe(expected);
  });

  it('never returns anything a browser could take off the site, nor a header-breaking character', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((s) => '/' + s), fc.constantFrom('/', '//', '/\\', '/\t', '\\', ':').chain((p) => fc.string().map((s) => p + s))), (value) => {
        const result = safeNext(value, FALLBACK);
        if (result === FALLBACK) return;
        expect(result).toMatch(/^\/(?![/\\])/);
        expect(result).not.toMatch(/[\u0000-\u001f\u007f\\]/);
        for (const origin of ['https://www.ampora.es', 'http://es.localhost:8787']) {
          expect(new URL(result, origin).origin).toBe(origin);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
