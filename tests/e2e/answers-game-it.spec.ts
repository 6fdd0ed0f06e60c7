// The answers game and the user ranking end to end, in Italian (issue 15): a shopper on the Italian
// store buys an article by bank transfer and staff mark it paid (only a paid purchase counts as
// bought); another shopper asks three questions about that article; the buyer chooses a nickname
// in the game, sees their (empty) standing in the ranking, answers two questions and skips one
// without a page load, reaches the end of the game, and the weekly ranking then lists them with
// the points they earned.
import { expect, test, type Page } from '@playwright/test';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, placeByTransfer } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';
import { signInAsStaff } from './fixtures/staff';

const PASSWORD = 'correct horse battery';
const MILANO = { name: 'Giulia', surname: 'Rossi', street: 'Via Roma', number: '10', postalCode: '20121', city: 'Milano', province: 'Milano', phone: '312 345 6789' };
const QUESTIONS = [
  'Funziona anche con il caricatore del modello precedente?',
  'Quanto dura la batteria con un uso normale di tutti i giorni?',
  'La confezione include anche il cavo e il manuale in italiano?',
];
/** Points of an answer published in the game (worker/domain/ugc/points.ts: answer 5 + gameAnswer 3). */
const PER_ANSWER = 8;

/** A call to the store's API from the page, as its islands make them (same origin, the page's language). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Selected-Language': document.documentElement.dataset.language ?? '' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await response.json()) as { data: T };
      return { status: response.status, data: envelope.data };
    },
    { method, path, body },
  );
}

test('Italy: a buyer plays the answers game and climbs the weekly ranking', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const origin = channelUrl('it', '');
  const stamp = Date.now().toString(36).slice(-6);
  const nick = `giocatore_${stamp}`;
  let articleId = 0;

  await test.step('the buyer buys an article by bank transfer and staff mark the transfer received', async () => {
    await signUpAndConfirm(page, origin, newEmail('gioco'), PASSWORD);
    await page.goto(`${origin}/utenti/pannello/indirizzi`);
    await addShippingAddress(page, MILANO);
    await addOwnProduct(page, origin, '/cerca');
    articleId = Number(await page.locator('[data-recently-viewed]').first().getAttribute('data-recently-viewed'));
    expect(articleId).toBeGreaterThan(0);
    const orderNumber = await placeByTransfer(page, origin);
    const staff = await signInAsStaff(browser, channelUrl('es', ''));
    await staff.goto(`${channelUrl('es', '')}/admin/orders/${orderNumber}`);
    const actions = await islandReady(staff, 'admin-order-actions');
    await actions.locator('button[data-event="payment_received"]').click();
    await expect(staff.locator('.admin-card[data-order-state]')).toHaveAttribute('data-order-state', 'confirmed', { timeout: 15_000 });
    await staff.context().close();
  });

  await test.step('another shopper asks three questions about that article', async () => {
    const context = await browser.newContext();
    const asker = await context.newPage();
    await signUpAndConfirm(asker, origin, newEmail('domanda'), PASSWORD);
    await asker.goto(`${origin}/`);
    expect((await api(asker, 'PUT', '/api/users/info/update-nick', { nick: `chiede_${stamp}` })).status).toBe(200);
    for (const body of QUESTIONS) {
      const asked = await api<{ id: number; state: string }>(asker, 'POST', '/api/ugc/questions', { articleId, body });
      expect(asked.status).toBeLessThan(300);
      expect(asked.data.state).toBe('OK');
    }
    await context.close();
  });

  await test.step('without a nickname the game asks for one first', async () => {
    await page.goto(`${origin}/domande/gioco`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gioco delle risposte' })).toBeVisible();
    const game = await islandReady(page, 'answers-game');
    await expect(game.getByRole('heading', { name: 'Scegli il tuo nickname' })).toBeVisible();
    await expectAccessible(page, 'game: nickname form');
    await page.locator('#game-nick-nick').fill('ab');
    await game.getByRole('button', { name: 'Salva nickname' }).click();
    await expect(game.locator('#game-nick-nick-error')).toHaveText('Il nickname è troppo corto: usa almeno 3 caratteri.');
    await page.locator('#game-nick-nick').fill(nick);
    await game.getByRole('button', { name: 'Salva nickname' }).click();
    await expect(game.locator('.answers-game__question')).toBeVisible();
  });

  let before: { position: string | null; points: string | null };
  await test.step('before playing, the weekly ranking has no points for them', async () => {
    await page.goto(`${origin}/classifica-utenti?period=week`);
    await expect(page.getByRole('link', { name: 'Questa settimana' })).toHaveAttribute('aria-current', 'page');
    const mine = page.locator('.ranking-me');
    await expect(mine).toContainText(`${nick}: ancora nessun punto in questo periodo.`);
    before = { position: await mine.getAttribute('data-my-position'), points: await mine.getAttribute('data-my-points') };
    expect(before).toEqual({ position: '', points: '0' });
    await expect(page.locator('.ranking-table__me')).toHaveCount(0);
    await expectAccessible(page, 'ranking before playing');
  });

  await test.step('the buyer answers two questions and skips one, without a page load', async () => {
    await page.goto(`${origin}/domande/gioco`);
    const game = await islandReady(page, 'answers-game');
    const live = game.locator('[role="status"]');
    const question = game.locator('.answers-game__question');
    const marker = await page.evaluate(() => ((window as unknown as { stayed: number }).stayed = Math.random()));
    await expect(question).toBeVisible();
    await expectAccessible(page, 'game: a question');
    const answers: Record<string, string> = {
      [QUESTIONS[0]!]: 'Sì, lo uso ogni giorno con il caricatore del modello precedente e funziona benissimo.',
      [QUESTIONS[2]!]: 'Nella scatola ci sono il cavo USB-C e un manuale anche in italiano, molto chiaro.',
    };
    const seen: string[] = [];
    // The article may have older open questions (the demo catalogue's): the buyer passes on those.
    for (let turn = 0; turn < 40 && (await question.count()) > 0; turn++) {
      const text = (await question.textContent())!.trim();
      seen.push(text);
      const remaining = Number((await game.locator('.answers-game__remaining').textContent())!.replace(/\D+/g, ''));
      if (answers[text]) {
        await page.getByLabel('La tua risposta').fill(answers[text]);
        await game.getByRole('button', { name: 'Invia risposta' }).click();
        await expect(live).toHaveText(`Risposta pubblicata: hai guadagnato ${PER_ANSWER} punti.`);
      } else {
        await game.getByRole('button', { name: 'Salta' }).click();
        await expect(live).toHaveText('Domanda saltata.');
      }
      // Focus moves to what comes next: the next question or the end of the game.
      await expect(game.locator('h2[tabindex="-1"]')).toBeFocused();
      if (remaining > 1) await expect(game.locator('.answers-game__remaining')).toHaveText(`Domande aperte per te: ${remaining - 1}`);
    }
    expect(seen).toEqual(expect.arrayContaining(QUESTIONS));
    await expect(game.getByRole('heading', { level: 2, name: 'Per ora non ci sono altre domande per te' })).toBeFocused();
    await expect(game.locator('[data-session-points]')).toHaveText(String(2 * PER_ANSWER));
    await expect(game.locator('[data-total-points]')).toHaveText(String(2 * PER_ANSWER));
    expect(await page.evaluate(() => (window as unknown as { stayed?: number }).stayed)).toBe(marker);
    await expectAccessible(page, 'game: nothing left');
    await game.getByRole('link', { name: 'Vedi la classifica degli utenti' }).click();
    await page.waitForURL(`${origin}/classifica-utenti`);
  });

  await test.step('the weekly ranking now lists them with their points, higher than before', async () => {
    await page.goto(`${origin}/classifica-utenti?period=week`);
    const row = page.locator('.ranking-table__me');
    const standing = page.locator('.ranking-me');
    // On the first page their row is highlighted; further down, their standing is shown under the table.
    if ((await row.count()) > 0) {
      await expect(row).toContainText(nick);
      await expect(row.locator('[data-points]')).toHaveText(String(2 * PER_ANSWER));
      expect(Number(await row.getAttribute('data-position'))).toBeGreaterThan(0);
    } else {
      await expect(standing).toHaveAttribute('data-my-points', String(2 * PER_ANSWER));
      expect(Number(await standing.getAttribute('data-my-position'))).toBeGreaterThan(0);
    }
    await expectAccessible(page, 'ranking after playing');
  });
});
