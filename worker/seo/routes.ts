/**
 * GET /robots.txt, /sitemap.xml and /sitemaps/<kind>-<n>.xml for the request's channel.
 * Mounted after the channel middleware, so unknown hosts and refused domains answer as
 * everywhere else.
 */
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../http/context';
import { appError } from '../http/errors';
import { channelOrigins } from './hreflang';
import { robotsTxt } from './robots';
import { entitiesPerSitemap, parseSitemapFile, sitemapIndexXml, sitemapPath, urlsetStream } from './sitemap';
import { SITEMAP_KINDS, sitemapSection } from './sitemap-data';

const XML = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'no-cache' };

async function siteOf(c: AppContext) {
  const channels = c.var.channels;
  const origins = channelOrigins(new URL(c.req.url), c.var.channel.id, channels);
  return { channels, origins, origin: origins[c.var.channel.id] };
}

export const seoRoutes = new Hono<AppEnv>()
  .get('/robots.txt', async (c) => {
    const { origin } = await siteOf(c);
    return c.text(robotsTxt(c.var.channel, origin), 200, { 'Cache-Control': 'public, max-age=3600' });
  })
  .get('/sitemap.xml', async (c) => {
    const { origin } = await siteOf(c);
    const perSitemap = entitiesPerSitemap(c.var.channel);
    const locations: string[] = [];
    for (const kind of SITEMAP_KINDS) {
      const section = sitemapSection(kind);
      const count = section ? await section.count(c.var.db, c.var.now) : 0;
      for (let n = 1; n <= Math.ceil(count / perSitemap); n++) locations.push(origin + sitemapPath(kind, n));
    }
    return c.body(sitemapIndexXml(locations), 200, XML);
  })
  .get('/sitemaps/:file', async (c) => {
    const wanted = parseSitemapFile(c.req.param('file'), SITEMAP_KINDS);
    const section = wanted && sitemapSection(wanted.kind);
    if (!wanted || !section) throw appError('notFound');
    const perSitemap = entitiesPerSitemap(c.var.channel);
    const entries = await section.entries(c.var.db, c.var.now, (wanted.n - 1) * perSitemap, perSitemap);
    if (entries.length === 0 && wanted.n > 1) throw appError('notFound');
    const { channels, origins } = await siteOf(c);
    return c.body(urlsetStream(entries, { channel: c.var.channel.id, channels, origins }), 200, XML);
  });
