/**
 * The basket's server-rendered layout (issue 12): the step indicator on step 1 of 5, the order
 * summary folded (a closed <details> whose summary says the amount), and the primary action with
 * the subtotal in the bar beside it — all in the HTML, so it works before any script runs.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from './browser';

interface OfferRow {
  id: number;
  article_id: number;
  price: number;
}

describe('the basket page layout', () => {
  it('has the step indicator, a folded order summary and the checkout action in the bar', async () => {
    const offer = (await env.DB.prepare(
      "SELECT o.id, o.article_id, o.price FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND o.seller_id = 0 AND o.condition = 'new' AND a.condition = 'new' AND a.type IN ('normal', 'own-stock') AND a.sale_restriction IS NULL AND o.availability_code <= 3 AND o.stock >= 5 ORDER BY o.article_id LIMIT 1",
    ).first<OfferRow>())!;
    const browser = new TestBrowser();
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 2 }] });
    const html = await (await browser.fetch('/cart/shopping_basket')).text();

    const steps = /<ol class="steps checkout-steps"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
    expect(steps.match(/<li /g)).toHaveLength(5);
    expect(steps).toMatch(/<li class="steps__item steps__item--current" aria-current="step"><span class="steps__label">Cesta<\/span><\/li>/);
    expect(steps).not.toContain('<a ');
    expect(html).toContain('<p class="checkout-steps__status">Paso 1 de 5 · Cesta</p>');

    const summary = /<section class="order-summary basket__totals"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    // Folded: no `open` on the details; the amount is in its summary line.
    expect(summary).toMatch(/<details class="order-summary__details">/);
    expect(summary).toMatch(/<summary class="order-summary__toggle">[\s\S]*Resumen del pedido[\s\S]*<\/summary>/);
    expect(summary).toContain(`data-subtotal="${offer.price * 2}"`);
    // The action sits after the details, in the bar, with the amount beside it.
    const bar = /<div class="checkout-bar">([\s\S]*)<\/div>/.exec(summary)?.[1] ?? '';
    expect(bar).toMatch(/<a class="button button--buy button--primary button--block" href="[^"]+">Tramitar pedido<\/a>/);
    expect(bar).toContain('checkout-bar__amount');
  });
});
