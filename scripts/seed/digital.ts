/**
 * The demo catalogue's digital delivery (docs/account.md "Digital keys"): every digital article
 * (the software and video-game kinds) gets a `digital_articles` row — the platform its codes are
 * for and the platform's redeem guide — and a stock of codes in that platform's format: 10 to 20
 * FREE, and 2 RESERVE for some. About one video game in five is a presale released on a fixed
 * date in 2027 (after the catalogue's "today"), so its keys stay hidden until then.
 *
 * Pure and deterministic in (seed, article id). `clear` keeps the codes already delivered to
 * customers (a re-seed of a used database deletes only the stock), and a seeded code equal to one
 * of those is skipped rather than failing the unique (article, code) index.
 */
import type { Article, CatalogueContext } from './articles';
import type { LazySeedTable, SeedRow } from './generate';
import { chance, int, streamFor, unit, type Rng } from './random';

interface Platform {
  name: string;
  guideUrl: string;
  /** Group lengths of a code, joined by hyphens; `digits` for numeric serials. */
  groups: number[];
  digits?: boolean;
}

const PLATFORMS: Record<string, Platform> = {
  steam: { name: 'Steam', guideUrl: 'https://help.steampowered.com/es/faqs/view/2A12-9D79-C3D7-F870', groups: [5, 5, 5] },
  playstation: { name: 'PlayStation', guideUrl: 'https://www.playstation.com/es-es/support/store/redeem-ps-store-voucher-code/', groups: [4, 4, 4] },
  xbox: { name: 'Xbox', guideUrl: 'https://support.xbox.com/es-ES/help/subscriptions-billing/redeem-codes-gift-cards/redeem-prepaid-codes', groups: [5, 5, 5, 5, 5] },
  nintendo: { name: 'Nintendo', guideUrl: 'https://www.nintendo.com/es-es/Atencion-al-cliente/Nintendo-eShop/Como-canjear-un-codigo-de-descarga/Como-canjear-un-codigo-de-descarga-1529483.html', groups: [4, 4, 4, 4] },
  Microsoft: { name: 'Microsoft', guideUrl: 'https://support.microsoft.com/es-es/account-billing/canjear-una-tarjeta-regalo-o-un-c%C3%B3digo-en-la-cuenta-de-microsoft', groups: [5, 5, 5, 5, 5] },
  Norton: { name: 'Norton', guideUrl: 'https://support.norton.com/sp/es/es/home/current/solutions/v64936434', groups: [5, 5, 5, 5, 5] },
  Bitdefender: { name: 'Bitdefender', guideUrl: 'https://www.bitdefender.es/consumer/support/answer/1878/', groups: [10] },
  Kaspersky: { name: 'Kaspersky', guideUrl: 'https://support.kaspersky.com/es/common/activation', groups: [5, 5, 5, 5] },
  Adobe: { name: 'Adobe', guideUrl: 'https://helpx.adobe.com/es/download-install/kb/redeem-code.html', groups: [4, 4, 4, 4, 4, 4], digits: true },
};

/** A video game's platform by its `platform` spec; software by its maker. */
const GAME_PLATFORMS: Record<string, string> = { 'PC (Steam)': 'steam', PS5: 'playstation', 'Xbox Series X|S': 'xbox', 'Nintendo Switch 2': 'nintendo' };

/** Presale release dates (UTC midnight), all after the catalogue's default "today" (2026-11-01). */
export const PRESALE_RELEASES = [Date.UTC(2027, 2, 15), Date.UTC(2027, 4, 20), Date.UTC(2027, 8, 24)] as const;
const PRESALE_SHARE = 0.2;
const RESERVE_SHARE = 0.3;

/** Letters and digits that cannot be misread (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function digitalPlatform(a: Article): Platform {
  if (a.kind.def.key === 'videogame') return PLATFORMS[GAME_PLATFORMS[a.specs['platform'] ?? ''] ?? 'steam']!;
  return PLATFORMS[a.brand] ?? PLATFORMS['Microsoft']!;
}

/** The release date of a presale video game (ms), null for an article already out. */
export function presaleRelease(seed: number, a: Article): number | null {
  if (a.kind.def.key !== 'videogame' || unit(seed, 'digital-presale', a.id) >= PRESALE_SHARE) return null;
  return PRESALE_RELEASES[Math.floor(unit(seed, 'digital-release', a.id) * PRESALE_RELEASES.length)]!;
}

function codeText(rng: Rng, platform: Platform): string {
  const chars = platform.digits ? '0123456789' : ALPHABET;
  return platform.groups.map((length) => Array.from({ length }, () => chars[Math.floor(rng() * chars.length)]).join('')).join('-');
}

/** The codes of one digital article: FREE ones, then RESERVE ones; distinct texts. */
export function seededCodes(seed: number, a: Article): { code: string; status: 'FREE' | 'RESERVE' }[] {
  const rng = streamFor(seed, 'digital-codes', a.id);
  const platform = digitalPlatform(a);
  const free = int(rng, 10, 20);
  const reserve = chance(rng, RESERVE_SHARE) ? 2 : 0;
  const seen = new Set<string>();
  const codes: { code: string; status: 'FREE' | 'RESERVE' }[] = [];
  while (codes.length < free + reserve) {
    const code = codeText(rng, platform);
    if (seen.has(code)) continue;
    seen.add(code);
    codes.push({ code, status: codes.length < free ? 'FREE' : 'RESERVE' });
  }
  return codes;
}

const iterable = (produce: () => Iterable<SeedRow>): Iterable<SeedRow> => ({ [Symbol.iterator]: () => produce()[Symbol.iterator]() });

/** `digital_articles` and `digital_codes` of the catalogue, after its articles. */
export function digitalTables(ctx: CatalogueContext, ids: () => Iterable<Article>): LazySeedTable[] {
  const digital = function* () {
    for (const a of ids()) if (a.kind.def.digital) yield a;
  };
  return [
    {
      table: 'digital_articles',
      rows: iterable(function* () {
        for (const a of digital()) {
          const platform = digitalPlatform(a);
          yield { article_id: a.id, platform: platform.name, guide_url: platform.guideUrl, release_at: presaleRelease(ctx.seed, a) };
        }
      }),
    },
    {
      table: 'digital_codes',
      clear: 'user_id IS NULL',
      select: {
        columns: ['article_id', 'code', 'status', 'created_at'],
        select: 's.article_id, s.code, s.status, s.created_at FROM s WHERE NOT EXISTS (SELECT 1 FROM digital_codes d WHERE d.article_id = s.article_id AND d.code = s.code)',
      },
      rows: iterable(function* () {
        for (const a of digital()) for (const c of seededCodes(ctx.seed, a)) yield { article_id: a.id, code: c.code, status: c.status, created_at: ctx.now * 1000 };
      }),
    },
  ];
}
