// Pure SEO functions: hosts and hreflang values, canonical rules, JSON-LD builders, robots and
// sitemap XML pieces.
import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductOffer } from '../../client/types';
import { CHANNEL_IDS, DEFAULT_CHANNELS, type Channel, type ChannelId } from '../../worker/channel/channels';
import { channelAlternates, channelOrigins, hreflangLinks, hreflangTag, isDevelopmentHost, routePaths, slugPaths } from '../../worker/seo/hreflang';
import { availabilityOf, breadcrumbJsonLd, conditionOf, euros, organizationJsonLd, productJsonLd, serializeJsonLd } from '../../worker/seo/json-ld';
import { hasListingState, isListing, pageSeo } from '../../worker/seo/page-seo';
import { disallowedPaths, robotsTxt } from '../../worker/seo/robots';
import { entitiesPerSitemap, escapeXml, lastmodOf, parseSitemapFile, sitemapIndexXml, urlElements } from '../../worker/seo/sitemap';

const CHANNELS = DEFAULT_CHANNELS;
const SLUGS = { es_ES: 'portatiles', en_EN: 'laptops', pt_PT: 'portateis', fr_FR: 'ordinateurs-portables', it_IT: 'notebook', de_DE: 'laptops-de' };

describe('hosts and hreflang values', () => {
  it('recognises development hosts', () => {
    expect(isDevelopmentHost('localhost')).toBe(true);
    expect(isDevelopmentHost('pt.localhost')).toBe(true);
    expect(isDevelopmentHost('www.ampora.pt')).toBe(false);
    expect(isDevelopmentHost('localhost.example.com')).toBe(false);
  });

  it('gives language-REGION per channel', () => {
    const tags = CHANNEL_IDS.flatMap((id) => CHANNELS[id].languages.map((language) => hreflangTag(language, CHANNELS[id])));
    expect(tags).toEqual(['es-ES', 'en-ES', 'pt-PT', 'en-PT', 'es-PT', 'fr-FR', 'en-FR', 'it-IT', 'en-IT', 'de-DE', 'en-DE']);
  });

  it('maps every channel to its development host with the request port, or to https production', () => {
    expect(channelOrigins(new URL('http://pt.localhost:8787/x'), 'PT', CHANNELS)).toEqual({
      ES: 'http://es.localhost:8787',
      PT: 'http://pt.localhost:8787',
      FR: 'http://fr.localhost:8787',
      IT: 'http://it.localhost:8787',
      DE: 'http://de.localhost:8787',
    });
    expect(channelOrigins(new URL('http://localhost/'), 'ES', CHANNELS).ES).toBe('http://localhost');
    expect(channelOrigins(new URL('https://staging.ampora.it/x'), 'IT', CHANNELS)).toEqual({
      ES: 'https://staging.ampora.es',
      PT: 'https://staging.ampora.pt',
      FR: 'https://staging.ampora.fr',
      IT: 'https://staging.ampora.it',
      DE: 'https://staging.ampora.de',
    });
    expect(channelOrigins(new URL('http://www.ampora.fr/'), 'FR', CHANNELS)).toEqual({
      ES: 'https://www.ampora.es',
      PT: 'https://www.ampora.pt',
      FR: 'https://www.ampora.fr',
      IT: 'https://www.ampora.it',
      DE: 'https://www.ampora.de',
    });
  });

  it('follows the channel configuration (a language added, hosts moved)', () => {
    const channels: Record<ChannelId, Channel> = { ...CHANNELS, FR: { ...CHANNELS.FR, languages: ['fr_FR', 'en_EN', 'de_DE'], hosts: { production: 'shop.ampora.fr', development: [] } } };
    const origins = channelOrigins(new URL('https://www.ampora.es/'), 'ES', channels);
    const links = hreflangLinks(slugPaths(SLUGS), origins, channels);
    expect(links).toContainEqual({ hreflang: 'de-FR', href: 'https://shop.ampora.fr/de/laptops-de' });
    expect(links).toHaveLength(13);
    // No development host configured: the production host stands in.
    expect(channelOrigins(new URL('http://es.localhost/'), 'ES', channels).FR).toBe('http://shop.ampora.fr');
  });

  it('lists only the languages an entity exists in, and x-default from the ES Spanish version', () => {
    const origins = channelOrigins(new URL('https://www.ampora.es/'), 'ES', CHANNELS);
    const links = hreflangLinks(slugPaths({ es_ES: 'solo', pt_PT: 'so' }), origins, CHANNELS);
    expect(links).toEqual([
      { hreflang: 'es-ES', href: 'https://www.ampora.es/solo' },
      { hreflang: 'pt-PT', href: 'https://www.ampora.pt/so' },
      { hreflang: 'es-PT', href: 'https://www.ampora.pt/es/solo' },
      { hreflang: 'x-default', href: 'https://www.ampora.es/solo' },
    ]);
    expect(hreflangLinks(slugPaths({ en_EN: 'only-english' }), origins, CHANNELS).some((l) => l.hreflang === 'x-default')).toBe(false);
  });

  it('translates route paths and their parameters per language', () => {
    const paths = routePaths('blogPost', {}, { es_ES: { slug: 'guia' }, fr_FR: { slug: 'guide' } });
    expect(paths('es_ES', CHANNELS.PT)).toBe('/es/blog/guia');
    expect(paths('fr_FR', CHANNELS.FR)).toBe('/blog/guide');
    expect(paths('en_EN', CHANNELS.FR)).toBeUndefined();
    expect(routePaths('search')('fr_FR', CHANNELS.FR)).toBe('/recherche');
    expect(routePaths('shop')('es_ES', CHANNELS.ES)).toBeUndefined(); // missing parameter: no version
  });

  it('keeps the in-channel switcher to relative paths of the channel', () => {
    expect(channelAlternates(slugPaths(SLUGS), CHANNELS.PT)).toEqual({ pt_PT: '/portateis', en_EN: '/en/laptops', es_ES: '/es/portatiles' });
  });
});

describe('canonical and robots', () => {
  const base = { paths: slugPaths(SLUGS), kind: { slug: 'category' } as const, language: 'es_ES' as const, channel: 'ES' as const, channels: CHANNELS };

  it('drops tracking parameters and keeps page > 1 on listings only', () => {
    expect(pageSeo({ ...base, url: new URL('https://www.ampora.es/portatiles?utm_source=x&fbclid=y') }).canonical).toBe('https://www.ampora.es/portatiles');
    expect(pageSeo({ ...base, url: new URL('https://www.ampora.es/portatiles?page=3') }).canonical).toBe('https://www.ampora.es/portatiles?page=3');
    expect(pageSeo({ ...base, url: new URL('https://www.ampora.es/portatiles?page=1') }).canonical).toBe('https://www.ampora.es/portatiles');
    const product = pageSeo({ ...base, kind: { slug: 'product' }, url: new URL('https://www.ampora.es/portatiles?page=3') });
    expect(product.canonical).toBe('https://www.ampora.es/portatiles');
    expect(product.hreflang.every((link) => !link.href.includes('?'))).toBe(true);
  });

  it('makes filtered or sorted listings noindex,follow without canonical or hreflang', () => {
    const seo = pageSeo({ ...base, url: new URL('https://www.ampora.es/portatiles?brand=acme') });
    expect(seo).toEqual({ origin: 'https://www.ampora.es', noIndex: true, hreflang: [] });
    expect(hasListingState(new URL('https://x/?sort=new'))).toBe(true);
    expect(hasListingState(new URL('https://x/?page=2&utm_campaign=a&gclid=b'))).toBe(false);
    expect(pageSeo({ ...base, noIndex: true, url: new URL('https://www.ampora.es/portatiles') }).noIndex).toBe(true);
  });

  it('the canonical is the built address even when the request spells it differently', () => {
    expect(pageSeo({ ...base, paths: routePaths('home'), kind: { route: 'home' }, language: 'en_EN', url: new URL('https://www.ampora.es/en') }).canonical).toBe('https://www.ampora.es/en/');
  });

  it('knows the listings', () => {
    expect(isListing({ slug: 'category' })).toBe(true);
    expect(isListing({ slug: 'brand' })).toBe(true);
    expect(isListing({ slug: 'product' })).toBe(false);
    expect(isListing({ route: 'blog' })).toBe(true);
    expect(isListing({ route: 'blogPost' })).toBe(false);
  });
});

function offer(partial: Partial<ProductOffer>): ProductOffer {
  return {
    offerId: 1,
    sellerId: 0,
    sellerName: 'Ampora',
    sellerSlug: 'ampora',
    sellerKind: 'own',
    sellerTier: 'standard',
    sellerGrade: 0,
    sellerEvaluations: 0,
    price: 10_000,
    originalPrice: null,
    condition: 'new',
    availabilityCode: 0,
    stock: 3,
    deliveryMinDays: 1,
    deliveryMaxDays: 2,
    minShippingPrice: 0,
    sentBy: 'retailer',
    ...partial,
  };
}

function product(partial: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 7,
    name: 'Portátil <X>',
    slug: 'portatil-x-7',
    brand: 'Acme',
    imageKey: 'laptop-7',
    price: 10_000,
    originalPrice: null,
    availabilityCode: 0,
    ratingAverage: 9,
    ratingCount: 12,
    reference: 'AC-7',
    ean: '8400000000007',
    description: 'Un portátil.',
    type: 'normal',
    condition: 'new',
    specs: {},
    category: { id: 3, name: 'Portátiles', slug: 'portatiles' },
    recommendedPrice: null,
    offers: [offer({})],
    slugs: { es_ES: 'portatil-x-7' },
    ...partial,
  };
}

const AT = { origin: 'https://www.ampora.es', language: 'es_ES' as const, channel: CHANNELS.ES };

describe('JSON-LD builders', () => {
  it('prices cents as euros with two decimals', () => {
    expect(euros(129_900)).toBe('1299.00');
    expect(euros(5)).toBe('0.05');
    expect(euros(1999)).toBe('19.99');
    expect(euros(0)).toBe('0.00');
  });

  it.each([
    [0, 'InStock'],
    [3, 'InStock'],
    [4, 'BackOrder'],
    [5, 'PreOrder'],
    [6, 'OutOfStock'],
    [7, 'OutOfStock'],
    [9876, 'OutOfStock'],
    [9999, 'Discontinued'],
  ])('availability code %i is %s', (code, name) => {
    expect(availabilityOf(code)).toBe(`https://schema.org/${name}`);
  });

  it('maps conditions', () => {
    expect(conditionOf('new')).toBe('https://schema.org/NewCondition');
    for (const grade of ['Reaconditioned-A', 'Reaconditioned-B', 'Reaconditioned-C']) expect(conditionOf(grade)).toBe('https://schema.org/RefurbishedCondition');
  });

  it('one seller: an Offer; brand, sku, mpn, gtin13, image and rating in 1–5 from the real reviews', () => {
    const reviews = { summary: { count: 12, stars: 4.5, buckets: { 1: 0, 2: 0, 3: 1, 4: 4, 5: 7 } }, items: [] };
    const doc = productJsonLd(product({ offers: [offer({ price: 45_050, availabilityCode: 4 }), offer({ offerId: 2, price: 39_900, condition: 'Reaconditioned-B', availabilityCode: 1 })] }), { ...AT, reviews });
    expect(doc).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Portátil <X>',
      url: 'https://www.ampora.es/portatil-x-7',
      sku: 'AC-7',
      mpn: 'AC-7',
      gtin13: '8400000000007',
      brand: { '@type': 'Brand', name: 'Acme' },
      itemCondition: 'https://schema.org/NewCondition',
      offers: { '@type': 'Offer', price: '399.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', itemCondition: 'https://schema.org/RefurbishedCondition', seller: { name: 'Ampora' } },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 12, bestRating: 5 },
    });
    expect((doc.image as string[])[0]).toBe('https://www.ampora.es/images/large/laptop-7.svg?label=Acme&v=2');
    expect(doc.image).toContain('https://www.ampora.es/images/large/laptop-7/scene.svg?label=Acme&v=2');
  });

  it('one seller with two offers: the featured (buy-box) offer when given', () => {
    const offers = [offer({ price: 45_050 }), offer({ offerId: 2, price: 39_900, condition: 'Reaconditioned-B' })];
    const doc = productJsonLd(product({ offers }), { ...AT, featured: offers[0] });
    expect(doc.offers).toMatchObject({ '@type': 'Offer', price: '450.50', itemCondition: 'https://schema.org/NewCondition' });
  });

  it('several sellers: an AggregateOffer over what can be bought', () => {
    const offers = [offer({ price: 50_000 }), offer({ offerId: 2, sellerId: 5, sellerName: 'Shop', price: 45_000, availabilityCode: 2 }), offer({ offerId: 3, sellerId: 6, price: 1_000, availabilityCode: 7 })];
    expect(productJsonLd(product({ offers }), AT).offers).toEqual({
      '@type': 'AggregateOffer',
      url: 'https://www.ampora.es/portatil-x-7',
      lowPrice: '450.00',
      highPrice: '500.00',
      offerCount: 2,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
  });

  it('nothing to buy: says out of stock or discontinued; no offers: no offers; no ratings: no rating', () => {
    expect(productJsonLd(product({ offers: [offer({ availabilityCode: 9999 })] }), AT).offers).toMatchObject({ '@type': 'Offer', availability: 'https://schema.org/Discontinued' });
    const bare = productJsonLd(product({ offers: [], ratingCount: 0, ean: '123' }), AT);
    expect(bare.offers).toBeUndefined();
    expect(bare.aggregateRating).toBeUndefined();
    expect(bare.gtin13).toBeUndefined();
  });

  it('builds the breadcrumb trail and the organization with absolute URLs', () => {
    expect(breadcrumbJsonLd([{ name: 'Informática', path: '/informatica' }, { name: 'Portátiles', path: '/portatiles' }], 'https://www.ampora.es')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Informática', item: 'https://www.ampora.es/informatica' },
        { '@type': 'ListItem', position: 2, name: 'Portátiles', item: 'https://www.ampora.es/portatiles' },
      ],
    });
    expect(organizationJsonLd('https://www.ampora.pt')).toMatchObject({ '@type': 'Organization', url: 'https://www.ampora.pt/', logo: 'https://www.ampora.pt/favicon.svg' });
  });

  it('serializes with < escaped, and parses back to the same document', () => {
    const doc = { name: '</script><!-- x' };
    const text = serializeJsonLd(doc);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(doc);
  });
});

describe('robots.txt', () => {
  it('disallows the private areas in every language of the channel, not longer names', () => {
    const rules = disallowedPaths(CHANNELS.DE);
    expect(rules).toEqual(expect.arrayContaining(['/api/', '/cart/', '/en/cart/', '/cms-preview/', '/en/cms-preview/', '/konto$', '/konto?', '/konto/', '/en/account/', '/suche$', '/en/search?']));
    expect(rules).not.toContain('/konto');
    expect(new Set(rules).size).toBe(rules.length);
    const text = robotsTxt(CHANNELS.DE, 'https://www.ampora.de');
    expect(text.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    expect(text.trimEnd().endsWith('Sitemap: https://www.ampora.de/sitemap.xml')).toBe(true);
  });
});

describe('sitemap pieces', () => {
  it('chunks so that a child never passes 10,000 URLs', () => {
    expect(entitiesPerSitemap(CHANNELS.ES)).toBe(5000);
    expect(entitiesPerSitemap(CHANNELS.PT)).toBe(3333);
  });

  it('parses child file names', () => {
    const kinds = ['products', 'blog'];
    expect(parseSitemapFile('products-12.xml', kinds)).toEqual({ kind: 'products', n: 12 });
    expect(parseSitemapFile('products-0.xml', kinds)).toBeUndefined();
    expect(parseSitemapFile('widgets-1.xml', kinds)).toBeUndefined();
    expect(parseSitemapFile('products-1.xml.gz', kinds)).toBeUndefined();
  });

  it('escapes XML and writes W3C datetimes', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(lastmodOf(new Date(Date.UTC(2025, 10, 2, 17, 0, 0, 123)))).toBe('2025-11-02T17:00:00Z');
    expect(sitemapIndexXml(['https://www.ampora.es/sitemaps/a-1.xml?x=1&y=2'])).toContain('<loc>https://www.ampora.es/sitemaps/a-1.xml?x=1&amp;y=2</loc>');
  });

  it('writes one <url> per channel language with the whole cluster', () => {
    const context = { channel: 'PT' as const, channels: CHANNELS, origins: channelOrigins(new URL('https://www.ampora.pt/'), 'PT', CHANNELS) };
    const xml = urlElements({ paths: slugPaths(SLUGS), lastmod: new Date(Date.UTC(2025, 0, 1)) }, context);
    const urls = xml.trim().split('\n');
    expect(urls).toHaveLength(3);
    expect(urls[0]).toContain('<loc>https://www.ampora.pt/portateis</loc><lastmod>2025-01-01T00:00:00Z</lastmod>');
    expect(urls[2]).toContain('<loc>https://www.ampora.pt/es/portatiles</loc>');
    for (const url of urls) expect(url.match(/<xhtml:link /g)).toHaveLength(12);
  });
});
