// A card's price is the price the shopper pays: listings.price is the product page's buy box
// (worker/db/refresh.ts BUYBOX_WINNERS_SQL = worker/domain/catalogue/buybox.ts), so every card of
// a listing shows what "add to basket" from its product page puts in the basket.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ListingResult } from '../../client/types';
import { buybox, type BuyboxOffer } from '../../worker/domain/catalogue/buybox';
import { TestBrowser } from './browser';

interface OfferRow extends BuyboxOffer {
  articleId: number;
  channel: string;
}

async function listingRows(): Promise<Map<string, { price: number | null; availability: number }>> {
  const { results } = await env.DB.prepare('SELECT article_id, channel, price, availability_code FROM listings').all<{ article_id: number; channel: string; price: number | null; availability_code: number }>();
  return new Map(results.map((r) => [`${r.article_id}:${r.channel}`, { price: r.price, availability: r.availability_code }]));
}

describe('listings.price and availability are the buy box of the product page', () => {
  it('equal buybox() for every article on every channel', async () => {
    const { results } = await env.DB.prepare(
      `SELECT o.id AS offerId, o.article_id AS articleId, o.channel, o.seller_id AS sellerId, s.kind AS sellerKind, s.tier AS sellerTier, s.grade AS sellerGrade,
        o.price, o.min_shipping_price AS minShippingPrice, o.condition, o.availability_code AS availabilityCode, o.delivery_max_days AS deliveryMaxDays
       FROM offers o JOIN sellers s ON s.id = o.seller_id`,
    ).all<OfferRow>();
    const groups = new Map<string, OfferRow[]>();
    for (const row of results) {
      const key = `${row.articleId}:${row.channel}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const rows = await listingRows();
    expect(rows.size).toBe(groups.size);
    let differentFromCheapest = 0;
    for (const [key, offers] of groups) {
      const winner = buybox(offers)?.winner ?? null;
      // The availability filter and the card's promise follow the same offer (else the best code of any offer).
      const availability = winner?.availabilityCode ?? Math.min(...offers.map((o) => o.availabilityCode));
      expect({ key, ...rows.get(key) }).toEqual({ key, price: winner?.price ?? null, availability });
      const cheapest = Math.min(...offers.filter((o) => o.availabilityCode >= 0 && o.availabilityCode <= 5).map((o) => o.price));
      if (winner && winner.price !== cheapest) differentFromCheapest++;
    }
    // The catalogue has articles whose cheapest offer is not the one sold by default (refurbished, other sellers).
    expect(differentFromCheapest).toBeGreaterThan(0);
  });
});

const CASES = [
  { channel: 'ES', origin: 'http://es.localhost' },
  { channel: 'FR', origin: 'http://fr.localhost' },
  { channel: 'IT', origin: 'http://it.localhost' },
];

describe('every card of a listing shows what the basket charges', () => {
  for (const { channel, origin } of CASES) {
    it(`on ${channel}: a card's price is the unit price "add to basket" from its product page puts in the basket`, async () => {
      const browser = new TestBrowser(origin);
      const { idCart } = (await browser.api<{ idCart: string }>('GET', '/api/checkout/cart/token')).data;
      const categories = (await env.DB.prepare('SELECT DISTINCT category_id AS id FROM listings WHERE channel = ? AND price IS NOT NULL ORDER BY category_id LIMIT 3').bind(channel).all<{ id: number }>()).results;
      let checked = 0;
      for (const { id } of categories) {
        const listing = (await browser.api<ListingResult>('GET', `/api/catalogue/listing?category=${id}&sort=price-asc&pageSize=12`)).data;
        for (const card of listing.items) {
          if (card.price === null) continue; // no price on the card, nothing to buy on the page either
          const product = await browser.fetch(`/${card.slug}`);
          expect(product.status).toBe(200);
          const html = await product.text();
          const buy = /class="button button--buy"[^>]*data-add-to-cart="(\d+)"/.exec(html);
          expect(buy, `the product page of ${card.slug} has an add-to-basket button`).not.toBeNull();
          const added = await browser.api<{ articles: { idArticle: number; unitPrice: number }[] }>('POST', `/api/orders/${idCart}/cart/articles`, { articles: [{ idArticle: card.id, idOffer: Number(buy![1]), qty: 1 }] });
          if (added.status === 200) {
            const line = added.data.articles.find((a) => a.idArticle === card.id)!;
            expect({ slug: card.slug, price: card.price }).toEqual({ slug: card.slug, price: line.unitPrice });
            checked++;
          } else expect(added.error?.code).toBe(1125); // the default offer has no units left: the page cannot sell it either
          await browser.api('DELETE', `/api/orders/${idCart}/cart`);
        }
      }
      expect(checked).toBeGreaterThan(5);
    });
  }
});
