import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../client/i18n/languages';
import { ROUTE_TABLE } from '../../client/route-table';
import { ROUTE_IDS, RouteTableError, compileRoutes, href, matchPath, type RouteId, type RoutingChannel } from '../../client/routes';
import { CHANNEL_IDS, DEFAULT_CHANNELS } from '../../worker/channel/channels';

const ES: RoutingChannel = DEFAULT_CHANNELS.ES;
/** A channel offering every language, so every language is exercised with and without prefix. */
const ALL: RoutingChannel = { defaultLanguage: 'fr_FR', languages: [...LANGUAGES] };

function sampleParams(id: RouteId, language: Language): Record<string, string> {
  const path = ROUTE_TABLE[id][language];
  const params: Record<string, string> = {};
  for (const match of path.matchAll(/:([A-Za-z0-9]+)/g)) params[match[1]!] = `${match[1]!.toLowerCase()}-value`;
  if (path.endsWith('/*')) params['*'] = 'a/b';
  return params;
}

describe('route table', () => {
  it('gives every route a path in each of the six languages, all absolute', () => {
    for (const id of ROUTE_IDS) {
      for (const language of LANGUAGES) expect(ROUTE_TABLE[id][language], `${id} ${language}`).toMatch(/^\//);
    }
  });

  it('covers every screen family of spec §2', () => {
    const expected = ['home', 'search', 'blog', 'blogPost', 'blogTag', 'buyKeyword', 'comparator', 'comparatorCategory', 'configurator', 'giftCards', 'shop', 'wishlistPublic', 'tracking', 'rewards', 'cmsPreview', 'reviews', 'addReview', 'addQuestion', 'answersGame', 'userRanking', 'ugcUpload', 'wiki', 'wikiThread', 'opineAndWin', 'login', 'signup', 'recoveryPassword', 'passwordSent', 'newPassword', 'cartBasket', 'cartAddress', 'cartShipping', 'cartPayment', 'cartSummary', 'gatewayAplazame', 'gatewayFormType', 'gatewayMbWay', 'gatewayFinancing', 'gatewayWallet', 'cartOk', 'cartKo', 'securePayment', 'payNow', 'account', 'accountData', 'accountAddresses', 'accountInvoiceDownload', 'accountReturnNonHolderAuthorize', 'accountAfterSalesCase'];
    expect(ROUTE_IDS).toEqual(expect.arrayContaining(expected));
  });

  it('uses the translated words the specification names', () => {
    expect(ROUTE_TABLE.comparator).toMatchObject({ es_ES: '/comparador/:category/:slug', fr_FR: '/comparateur/:category/:slug', it_IT: '/comparatore/:category/:slug', de_DE: '/komparator/:category/:slug' });
    expect(ROUTE_TABLE.configurator).toMatchObject({ es_ES: '/configurador/:configurationId?', fr_FR: '/configurateur/:configurationId?', it_IT: '/configuratore/:configurationId?', en_EN: '/configurator/:configurationId?', de_DE: '/configurator/:configurationId?' });
    expect(ROUTE_TABLE.reviews).toMatchObject({ es_ES: '/opiniones/:product', pt_PT: '/opinioes/:product', fr_FR: '/avis/:product', it_IT: '/recensioni/:product', de_DE: '/reviews/:product' });
    expect(ROUTE_TABLE.shop).toMatchObject({ es_ES: '/tiendas/:name', fr_FR: '/magasins/:name', it_IT: '/i-negozi/:name', de_DE: '/stores/:name' });
    expect(ROUTE_TABLE.giftCards).toMatchObject({ es_ES: '/tarjetas-regalo', pt_PT: '/cartoes-presente' });
    expect(ROUTE_TABLE.buyKeyword).toMatchObject({ es_ES: '/comprar/:keyword', en_EN: '/buy/:keyword', de_DE: '/buy/:keyword' });
    expect(ROUTE_TABLE.accountData.es_ES).toBe('/usuarios/panel/mis-datos');
  });
});

describe('compileRoutes: the start-up rule (spec §1)', () => {
  const good = ROUTE_TABLE.home;

  it('refuses a path that does not begin with "/", naming the route', () => {
    const table = { home: good, brokenRoute: { ...good, it_IT: 'negozi' } };
    expect(() => compileRoutes(table)).toThrow(RouteTableError);
    expect(() => compileRoutes(table)).toThrow(/brokenRoute.*it_IT.*"negozi"/);
  });

  it('refuses a route missing a language', () => {
    const { de_DE: _omit, ...partial } = good;
    expect(() => compileRoutes({ partial: partial as typeof good })).toThrow(/partial.*de_DE/);
  });

  it('refuses an optional parameter that is not last and a repeated parameter', () => {
    expect(() => compileRoutes({ a: { ...good, es_ES: '/x/:id?/y' } })).toThrow(/optional/);
    expect(() => compileRoutes({ b: { ...good, es_ES: '/x/:id/:id' } })).toThrow(/repeats/);
  });

  it('accepts the real table', () => {
    expect(compileRoutes(ROUTE_TABLE).get('es_ES')!.length).toBe(ROUTE_IDS.length);
  });
});

describe('href and matchPath', () => {
  it('round-trips every route in every language, prefixed and unprefixed', () => {
    for (const id of ROUTE_IDS) {
      for (const language of LANGUAGES) {
        const params = sampleParams(id, language);
        const path = href(id, language, ALL, params);
        expect(path.startsWith('/fr/')).toBe(false);
        if (language !== 'fr_FR') expect(path.startsWith(`/${language.slice(0, 2)}/`) || path === `/${language.slice(0, 2)}/`).toBe(true);
        const match = matchPath(path, ALL);
        expect(match, `${id} ${language} ${path}`).toEqual({ kind: 'route', language, id, params });
      }
    }
  });

  it('round-trips on every real channel for the languages it offers', () => {
    for (const channelId of CHANNEL_IDS) {
      const channel = DEFAULT_CHANNELS[channelId];
      for (const language of channel.languages) {
        for (const id of ROUTE_IDS) {
          const params = sampleParams(id, language);
          expect(matchPath(href(id, language, channel, params), channel)).toMatchObject({ kind: 'route', id, language });
        }
      }
    }
  });

  it('encodes parameters and decodes them back', () => {
    const path = href('tracking', 'es_ES', ES, { orderNumber: 'A B/1' });
    expect(path).toBe('/tracking/A%20B%2F1');
    expect(matchPath(path, ES)).toMatchObject({ params: { orderNumber: 'A B/1' } });
  });

  it('matches a translated path only in its own language', () => {
    expect(matchPath('/tiendas/madrid', ES)).toMatchObject({ kind: 'route', id: 'shop', language: 'es_ES' });
    expect(matchPath('/en/stores/madrid', ES)).toMatchObject({ kind: 'route', id: 'shop', language: 'en_EN' });
    expect(matchPath('/en/tiendas/madrid', ES)).toEqual({ kind: 'dynamic', language: 'en_EN', path: '/tiendas/madrid' });
    expect(matchPath('/stores/madrid', ES)).toEqual({ kind: 'dynamic', language: 'es_ES', path: '/stores/madrid' });
  });

  it('sends unmatched paths to the dynamic resolver and a prefix the channel does not offer with them', () => {
    expect(matchPath('/portatiles', ES)).toEqual({ kind: 'dynamic', language: 'es_ES', path: '/portatiles' });
    expect(matchPath('/de/stores/x', ES)).toEqual({ kind: 'dynamic', language: 'es_ES', path: '/de/stores/x' });
  });

  it('redirects the default language prefix to the unprefixed path', () => {
    expect(matchPath('/es/tiendas/madrid', ES)).toEqual({ kind: 'redirect', language: 'es_ES', location: '/tiendas/madrid' });
  });

  it('prefers literal segments over parameters', () => {
    expect(matchPath('/wiki/thread/12', ES)).toMatchObject({ id: 'wikiThread', params: { questionId: '12' } });
    expect(matchPath('/wiki/12', ES)).toMatchObject({ id: 'wiki', params: { idArticle: '12' } });
    expect(matchPath('/wiki', ES)).toMatchObject({ id: 'wiki', params: {} });
    expect(matchPath('/cart/payment/mb-way/gw', ES)).toMatchObject({ id: 'gatewayMbWay' });
    expect(matchPath('/cart/X1/payment/walletPay/gw', ES)).toMatchObject({ id: 'gatewayWallet', params: { orderNumber: 'X1' } });
    expect(matchPath('/comparador/portatiles/a/b', ES)).toMatchObject({ id: 'comparatorCategory', params: { category: 'portatiles', '*': 'a/b' } });
  });

  it('throws when a required parameter is missing and drops a missing optional one', () => {
    expect(() => href('shop', 'es_ES', ES)).toThrow(/name/);
    expect(href('configurator', 'es_ES', ES)).toBe('/configurador');
    expect(href('home', 'en_EN', ES)).toBe('/en/');
  });
});
