/**
 * Hostile inputs every route must survive with a 4xx (or an ordinary answer), never a 5xx:
 * tests/worker/hostile-input.test.ts sends them to every API route and to pages on each channel.
 * Grow it: a new kind of input that once broke something belongs here, with a line saying what.
 *
 * Header values cannot carry CR, LF or NUL (fetch refuses them before they leave), so those go
 * into paths, query strings and bodies instead.
 */

/** Values for a path segment or a query value, raw (the test percent-encodes them). */
export const HOSTILE_VALUES: readonly string[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  '0x1F',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '"; DROP TABLE orders; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\u0007\u001b[31m',
  '\u202eevil',
  '💥🛒',
  'Ω≈ç√∫˜µ≤≥÷',
  'ｆｕｌｌｗｉｄｔｈ',
  'x'.repeat(5000),
  '%',
  '%ZZ',
  '%E0%A4%A',
];

/** Path segments exactly as they reach the Worker: malformed escapes and encoded oddities. */
export const HOSTILE_RAW_SEGMENTS: readonly string[] = [
  '%ZZ',
  '%E0%A4%A',
  '%',
  '%%',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '%0D%0A',
  '%2F..%2F..',
  '..%2F..%2Fetc',
  '%252F',
  'a'.repeat(3000),
  encodeURIComponent('💥'.repeat(200)),
];

/** Attribute filters past every cap: 40 keys of 5 values of 90 characters. */
export const OVERSIZED_FILTERS = Array.from({ length: 40 }, (_, k) => `attr.a${k}=${Array.from({ length: 5 }, (_, v) => String(v).padStart(90, 'x')).join(',')}`).join('&');

/** Query parameter names the routes read (their zod schemas), for storms of hostile values. */
export const QUERY_NAMES: readonly string[] = [
  'id', 'q', 'query', 'sort', 'page', 'pageSize', 'category', 'brand', 'collection', 'seller', 'code', 'token', 'next', 'limit',
  'articleId', 'idArticle', 'serviceId', 'postalCode', 'country', 'cp', 'distance', 'province', 'orderId', 'orderNumber',
  'shippingType', 'shippingAddressId', 'billingAddressId', 'shopId', 'pickingPointId', 'couponCodes', 'giftCardCode',
  'deliveryAgency', 'deliveryDate', 'deliveryTime', 'marketplaceAgencies', 'paymentMethod', 'useBalance', 'useCache',
  'recalculateStock', 'isNeutralOrder', 'customerRequestsInvoice', 'solidaryAmountChecked', 'label', 'domain',
];

/** Every known parameter set to `value`, twice (a repeated key reaches a validator as an array). */
const storm = (value: string) => QUERY_NAMES.map((name) => `${name}=${value}&${name}=${value}`).join('&');

/** Whole query strings, raw (already as they would appear after `?`). */
export const HOSTILE_QUERIES: readonly string[] = [
  storm('1'),
  storm('1e308'),
  storm('-1'),
  storm('%00'),
  storm('%ZZ'),
  storm(''),
  storm('true'),
  QUERY_NAMES.map((name) => `${name}=${'9'.repeat(30)}`).join('&'),
  QUERY_NAMES.map((name) => `${name}=${encodeURIComponent('\r\n<x>💥')}`).join('&'),
  OVERSIZED_FILTERS,
  `brand=${Array.from({ length: 500 }, (_, i) => `b${i}`).join(',')}&condition=${'new,'.repeat(300)}`,
  'page=-1&pageSize=NaN&sort=%ZZ',
  'page=99999999999999999999&pageSize=1e308',
  'price_from=1e308&price_to=-1',
  'price_from=%E0%A4%A&price_to=%00',
  'query=%E0%A4%A&q=%ZZ',
  `query=${'%F0%9F%92%A5'.repeat(300)}`,
  'attr.ram=%ZZ&attr.=1&attr.__proto__=1',
  'id=1&id=2&id=%00&shippingType=9&shippingAddressId=-1',
  'couponCodes=' + Array.from({ length: 99 }, (_, i) => `C${i}`).join(','),
  'code=%00%0D%0A&postalCode=%ZZ&serviceId=1e308&articleId=-1',
  'next=%0D%0ALocation:%20https://evil.example',
  'next=//evil.example',
  'next=https://evil.example/%2e%2e',
  'next=javascript:alert(1)',
  'next=%ZZ',
  '__proto__[x]=1&constructor[prototype][x]=1',
  '%ZZ=%ZZ',
  'a'.repeat(6000) + '=1',
];

/** A JSON value nested `depth` levels deep. */
export function deepJson(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Request bodies as sent (raw text), for every route that takes one. */
export const HOSTILE_BODIES: readonly string[] = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '123',
  '{}',
  '\u0000',
  '{"a":"\u0000"}',
  deepJson(5000),
  `[${'['.repeat(3000)}${']'.repeat(3000)}]`,
  JSON.stringify({ qty: -1, giftPaper: 'yes' }),
  JSON.stringify({ qty: 1e308 }),
  JSON.stringify({ qty: 'NaN', idArticle: '1', idOffer: -5 }),
  JSON.stringify({ articles: Array.from({ length: 1000 }, (_, i) => ({ idArticle: i + 1, qty: 99 })) }),
  JSON.stringify({ articles: [{ idArticle: 9e15, qty: 1, extraServiceIds: [1, 1, 1, 1, 1] }] }),
  JSON.stringify({ articles: [{ idArticle: 1, qty: 1, installationServiceId: 1, postalCode: '%ZZ\r\n' }] }),
  JSON.stringify({ kind: 'installation', serviceId: 1, postalCode: '\u0000' }),
  JSON.stringify({ email: 'a'.repeat(10_000) + '@example.com', password: '\u0000'.repeat(100), next: '\r\nhttp://evil' }),
  JSON.stringify({ email: 'ana@example.com', password: 'x'.repeat(100_000) }),
  JSON.stringify({ shippingType: 1, shippingAddressId: 1e308, couponCodes: ['%ZZ', '\u0000', 'x'.repeat(40)], paymentMethod: 'transferencia', conditionsAccepted: true }),
  JSON.stringify({ conditionsAccepted: true }),
  JSON.stringify({ title: 'x'.repeat(100_000), text: '\r\n'.repeat(1000) }),
  JSON.stringify({ name: '💥'.repeat(500), postalCode: '99999', provinceId: -1, countryIso: 'ZZ', phone: '\u0000' }),
  JSON.stringify({ ['__proto__']: { admin: true }, constructor: { prototype: { admin: true } } }),
  JSON.stringify({ birthday: '2026-02-31', nick: '<script>', visitorId: 'x'.repeat(5000), adBlock: 'maybe' }),
  '{"qty": 1, "qty": 2}',
  '{"amount": 12345678901234567890123}',
];

/** Extra request headers (values fetch accepts). */
export const HOSTILE_HEADERS: readonly Record<string, string>[] = [
  { 'X-Selected-Language': '%ZZ' },
  { 'X-Selected-Language': 'xx_XX'.repeat(100) },
  { 'Content-Type': 'application/json; charset=utf-7' },
  { 'Content-Type': 'text/plain' },
  { 'Content-Type': 'multipart/form-data; boundary=' + 'x'.repeat(100) },
  // Both spellings of the cookies: __Host- on https, plain on http development hosts.
  { Cookie: `__Host-ampora_cart=%ZZ; __Host-ampora_session=${'x'.repeat(4000)}; ampora_cart_units=-1` },
  { Cookie: `ampora_cart=%ZZ; ampora_session=${'x'.repeat(4000)}; ampora_cart_units=-1` },
  { Cookie: 'ampora_session=%E0%A4%A; ampora_cart=' + 'A'.repeat(500) },
  { Cookie: 'ampora_session=a.b.c; ampora_cart=a.b.c; ampora_session=%00' },
  { 'CF-Connecting-IP': 'not-an-ip' },
  { 'Accept-Language': '%ZZ,*;q=NaN' },
  { Authorization: 'Bearer %ZZ' },
  { Authorization: 'Basic ' + 'x'.repeat(5000) },
  { 'If-None-Match': '"' + 'x'.repeat(2000) + '"' },
  { Range: 'bytes=-1-99999999999999999' },
];
