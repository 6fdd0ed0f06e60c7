/**
 * Reading reviews in Chromium (issue 15): from a product page with reviews to its reviews page,
 * which axe finds nothing wrong with; the histogram's rows filter by bucket; the filters form
 * works without JavaScript; a signed-out visitor's vote is a link to sign in that comes back; a
 * signed-in one votes, changes the vote, and the counts follow.
 */
import { expect, test, type Page } from '@playwright/test';
import { islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { channelUrl } from './fixtures/store';

let reviewsUrl: string;

/** The reviews page of the first listed product that has reviews (the demo seed gives many some). */
async function findReviewsPage(page: Page): Promise<string> {
  await page.goto(channelUrl('es', '/portatiles'));
  const links = await page.locator('.listing__results .product-card a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  for (const href of links.slice(0, 20)) {
    await page.goto(href);
    const all = page.locator('#reviews a[href*="/opiniones/"]');
    if ((await page.locator('#reviews .rating-histogram').count()) > 0 && (await all.count()) > 0) return (await all.first().getAttribute('href'))!;
  }
  throw new Error('no product with reviews among the first results');
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  reviewsUrl = channelUrl('es', await findReviewsPage(page));
  await page.close();
});

test('the reviews page: heading, summary, reviews with stars read out, accessible', async ({ page }) => {
  await page.goto(reviewsUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Opiniones de /);
  await expect(page.locator('.rating-histogram li')).toHaveCount(5);
  const cards = page.locator('.review-card');
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await cards.count()).toBeLessThanOrEqual(10);
  await expect(cards.first().locator('.visually-hidden').first()).toHaveText(/^\d(\.\d)? de 5 estrellas$/);
  await expectAccessible(page, 'reviews page');
});

test('a bucket of the histogram lists only reviews of that bucket', async ({ page }) => {
  await page.goto(reviewsUrl);
  const bucket = page.locator('.rating-histogram a').first();
  const label = (await bucket.textContent())!;
  const stars = Number(/^(\d)/.exec(label)![1]);
  await bucket.click();
  await expect(page).toHaveURL(new RegExp(`stars=${stars}$`));
  const read = await page.locator('.review-card__stars .visually-hidden').allTextContents();
  expect(read.length).toBeGreaterThan(0);
  for (const text of read) expect(Math.ceil(Number(/^([\d.]+)/.exec(text)![1]))).toBe(stars);
  await expect(page.locator(`input[name="stars"][value="${stars}"]`)).toBeChecked();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filters form applies, and voting signed out leads to sign-in and back', async ({ page }) => {
    await page.goto(reviewsUrl);
    await page.getByLabel('Solo compras verificadas').check();
    await page.getByLabel('Ordenar por').selectOption('new');
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await expect(page).toHaveURL(/verified=1/);
    await expect(page).toHaveURL(/sort=new/);
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(1);
    const badges = await page.locator('.review-card').count();
    await expect(page.locator('.review-card__verified')).toHaveCount(badges);
    const dates = await page.locator('.review-card time').evaluateAll((times) => times.map((t) => Date.parse(t.getAttribute('datetime')!)));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    await page.goto(reviewsUrl);
    const signIn = page.getByRole('link', { name: 'Inicia sesión para votar' }).first();
    const href = (await signIn.getAttribute('href'))!;
    expect(href).toContain('/login?next=');
    expect(decodeURIComponent(href.split('next=')[1]!)).toBe(new URL(reviewsUrl).pathname);
  });
});

test('signed in: a helpful vote counts once, and can be changed', async ({ page }) => {
  await signUpAndConfirm(page, channelUrl('es', ''), newEmail('voter'), 'correct horse battery');
  await page.goto(reviewsUrl);
  // The first review, by its id: after the votes the relevance order may move it.
  const card = `article[aria-labelledby="${await page.locator('.review-list > li:first-child .review-card').getAttribute('aria-labelledby')}"]`;
  const votes = await islandReady(page, 'review-votes', card);
  const yes = votes.getByRole('button', { name: /^Sí \(\d+\)$/ });
  const no = votes.getByRole('button', { name: /^No \(\d+\)$/ });
  const count = async (button: typeof yes) => Number(/\((\d+)\)/.exec((await button.textContent())!)![1]);
  const [helpful, unhelpful] = [await count(yes), await count(no)];
  await yes.click();
  await expect(yes).toHaveAttribute('aria-pressed', 'true');
  await expect(yes).toHaveText(`Sí (${helpful + 1})`);
  await expect(votes.getByRole('status')).toHaveText('Gracias, hemos guardado tu voto.');
  await no.click();
  await expect(no).toHaveAttribute('aria-pressed', 'true');
  await expect(yes).toHaveAttribute('aria-pressed', 'false');
  await expect(yes).toHaveText(`Sí (${helpful})`);
  await expect(no).toHaveText(`No (${unhelpful + 1})`);
  // After a reload the page shows the caller's vote.
  await page.reload();
  await expect(page.locator(card).getByRole('button', { name: /^No \(\d+\)$/ })).toHaveAttribute('aria-pressed', 'true');
});
