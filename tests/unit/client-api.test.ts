// The islands' typed API client (client/api.ts): what it sends, how it opens the §7 envelope and
// maps failures to ApiError, and (checked by `npm run typecheck`) that answers take their types
// from the Worker's routes.
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { api, ApiError, unwrap, type ApiData } from '../../client/api';
import type { CartViewData } from '../../client/cart/api';
import { LANGUAGE_HEADER_NAME } from '../../client/i18n/languages';

const CART = '0b7c2a4e-1111-4222-8333-444455556666';

const envelope = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, payload: { code: number | string; message: string; details?: unknown }) => envelope(status, { ok: false, data: null, err: { message: JSON.stringify(payload) } });

let fetchMock: ReturnType<typeof vi.fn>;
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  assign = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { documentElement: { dataset: { language: 'pt_PT', loginPath: '/pt/login' } } });
  vi.stubGlobal('location', { pathname: '/pt/cesto', search: '?x=1' });
  vi.stubGlobal('window', { location: { assign } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The one request the fake fetch received. */
function sent(): { url: string; init: RequestInit; headers: Headers } {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
}

describe('the typed client', () => {
  it('sends the route with its parameters, the JSON body, the language, the session cookie and a timeout', async () => {
    fetchMock.mockResolvedValue(envelope(200, { ok: true, data: { idCart: CART, units: 2 }, err: null }));
    await unwrap(api.orders[':id'].cart.articles.$post({ param: { id: CART }, json: { articles: [{ idArticle: 7, idOffer: 70, qty: 2 }] } }));
    const { url, init, headers } = sent();
    expect(url).toBe(`/api/orders/${CART}/cart/articles`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ articles: [{ idArticle: 7, idOffer: 70, qty: 2 }] });
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get(LANGUAGE_HEADER_NAME)).toBe('pt_PT');
    expect(init.credentials).toBe('same-origin');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('puts a query in the address and sends no body on a GET', async () => {
    fetchMock.mockResolvedValue(envelope(200, { ok: true, data: { installationServiceId: 3 }, err: null }));
    await unwrap(api.checkout.articles.installation.data.$get({ query: { postalCode: '1000-001', serviceId: '3', articleId: '7' } }));
    const { url, init } = sent();
    expect(url).toBe('/api/checkout/articles/installation/data?postalCode=1000-001&serviceId=3&articleId=7');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });
});

describe('unwrap', () => {
  it('answers the envelope’s data', async () => {
    fetchMock.mockResolvedValue(envelope(200, { ok: true, data: { idCart: CART, encryptedCartId: 'e', units: 3 }, err: null }));
    await expect(unwrap(api.checkout.cart.token.$get())).resolves.toEqual({ idCart: CART, encryptedCartId: 'e', units: 3 });
  });

  it('turns a §7 error into an ApiError with the status, the catalogue’s code and message, and the field issues', async () => {
    const details = { target: 'json', issues: [{ path: 'articles.0.qty', message: 'Máximo 99' }] };
    fetchMock.mockResolvedValue(failure(400, { code: 'INVALID_REQUEST', message: 'Pedido inválido', details }));
    const error = await unwrap(api.orders[':id'].cart.articles.$post({ param: { id: CART }, json: { articles: [{ idArticle: 7, qty: 100 }] } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_REQUEST', message: 'Pedido inválido', details });
    expect((error as ApiError).fieldIssues).toEqual({ 'articles.0.qty': 'Máximo 99' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps a numeric catalogue code', async () => {
    fetchMock.mockResolvedValue(failure(409, { code: 1139, message: 'Sem stock' }));
    await expect(unwrap(api.checkout.cart.token.$get())).rejects.toMatchObject({ status: 409, code: 1139, message: 'Sem stock' });
  });

  it('sends a failed token verification to the login page, back to this page afterwards', async () => {
    fetchMock.mockResolvedValue(failure(401, { code: 'TOKEN_VERIFICATION', message: 'Sessão terminada' }));
    await expect(unwrap(api.basket.$get())).rejects.toMatchObject({ status: 401, code: 'TOKEN_VERIFICATION' });
    expect(assign).toHaveBeenCalledWith(`/pt/login?next=${encodeURIComponent('/pt/cesto?x=1')}`);
  });

  it('reads an answer without the envelope (a proxy’s page) as an unknown error of its status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(unwrap(api.checkout.cart.token.$get())).rejects.toMatchObject({ status: 502, code: 'UNKNOWN', message: '' });
  });

  it('reads ok: false in a 200 as a failure', async () => {
    fetchMock.mockResolvedValue(failure(200, { code: 'X', message: 'no' }));
    await expect(unwrap(api.checkout.cart.token.$get())).rejects.toMatchObject({ status: 200, code: 'X' });
  });

  it('maps a timeout to 408 TIMEOUT and a network failure to 500 NETWORK', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('timed out', 'TimeoutError'));
    await expect(unwrap(api.checkout.cart.token.$get())).rejects.toMatchObject({ status: 408, code: 'TIMEOUT' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(unwrap(api.checkout.cart.token.$get())).rejects.toMatchObject({ status: 500, code: 'NETWORK' });
  });
});

describe('types from the Worker’s routes', () => {
  it('infers each call’s data from its handler', () => {
    expectTypeOf<ApiData<typeof api.checkout.cart.token.$get>>().toEqualTypeOf<{ idCart: string; encryptedCartId: string; units: number }>();
    expectTypeOf<ApiData<typeof api.user.updateBirthday.$put>>().toEqualTypeOf<{ birthday: string }>();
    expectTypeOf<CartViewData['articles'][number]['unitPrice']>().toEqualTypeOf<number>();
    const lists = () => unwrap(api.basket.$get());
    expectTypeOf(lists).returns.resolves.toHaveProperty('defaultArticleIds').toEqualTypeOf<number[]>();
    // What a call sends is checked against the route's validators. Never called: for the compiler only.
    const wrongCalls = () => [
      // @ts-expect-error the cart id is a path parameter the route requires
      api.orders[':id'].cart.articles.$post({ json: { articles: [] } }),
      // @ts-expect-error qty is a number
      api.orders[':id'].cart[':lineId'].$put({ param: { id: CART, lineId: '1' }, json: { qty: '2' } }),
    ];
    expectTypeOf(wrongCalls).toBeFunction();
  });
});
