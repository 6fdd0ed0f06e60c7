// Questions and answers end to end, in French on the French store (issue 15): a shopper asks a
// question from a product page (choosing a nickname on the way), another shopper in a second
// browser answers it, the asker marks that answer as the best one, and the thread then shows it
// first with its mark, and the asker reports it (the report is announced), then edits the
// question (sent back to moderation, and told so). The thread page passes the accessibility checks.
import { expect, test, type Page } from '@playwright/test';
import { newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';
const QUESTION = 'Est-ce que la garantie couvre aussi la batterie pendant deux ans ?';
const ANSWER = 'Oui, la batterie est couverte deux ans, comme le reste du produit.';

/** Chooses a nickname in the nick step a form shows to a shopper who has none. */
async function chooseNick(page: Page, prefix: string, nick: string) {
  const field = page.locator(`#${prefix}-nick`);
  await expect(field).toBeVisible();
  await field.fill(nick);
  await page.locator('form.nick-form button[type="submit"]').click();
}

test('France: a question is asked, answered by another customer and marked best by the asker', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('fr', '');
  const stamp = Date.now().toString(36).slice(-6);
  let threadUrl = '';

  await test.step('the asker signs up, opens a product and asks from its questions section', async () => {
    await signUpAndConfirm(page, origin, newEmail('question'), PASSWORD);
    await page.goto(`${origin}/recherche?query=a`);
    await page.locator('.listing__results .product-card a').first().click();
    const section = page.locator('#questions');
    await expect(section.getByRole('heading', { name: 'Questions et réponses' })).toBeVisible();
    await section.getByRole('link', { name: 'Poser une question' }).click();
    await expect(page).toHaveURL(/\/poser-une-question\?article=\d+$/);
    await expect(page.locator('[data-island="question-form"]')).toHaveAttribute('data-hydrated', 'true');
    await chooseNick(page, 'question-nick', `demandeur_${stamp}`);
    await page.getByLabel('Votre question').fill(QUESTION);
    await page.getByRole('button', { name: 'Publier la question' }).click();
    await expect(page).toHaveURL(/\/wiki\/thread\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(QUESTION);
    threadUrl = page.url();
  });

  await test.step('another customer answers it from their own browser', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signUpAndConfirm(other, origin, newEmail('reponse'), PASSWORD);
    await other.goto(threadUrl);
    await expect(other.locator('[data-island="answer-form"]')).toHaveAttribute('data-hydrated', 'true');
    await chooseNick(other, 'answer-nick', `client_${stamp}`);
    await other.getByLabel('Réponse', { exact: true }).fill(ANSWER);
    await other.getByRole('button', { name: 'Publier la réponse' }).click();
    await expect(other.locator('.qa-answer').filter({ hasText: ANSWER })).toBeVisible();
    // Nobody votes for their own answer.
    await expect(other.locator('.qa-answer').filter({ hasText: ANSWER }).getByRole('button', { name: 'Utile' })).toHaveCount(0);
    await context.close();
  });

  await test.step('the asker marks it as the best answer and the thread shows it first with its mark', async () => {
    await page.goto(threadUrl);
    const answer = page.locator('.qa-answer').filter({ hasText: ANSWER });
    await answer.getByRole('button', { name: 'Choisir comme meilleure réponse' }).click();
    await expect(page.locator('.qa-answer').first()).toHaveClass(/qa-answer--best/);
    await expect(page.locator('.qa-answer').first()).toContainText(ANSWER);
    await expect(page.locator('.qa-answer').first().getByText('Meilleure réponse', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choisir comme meilleure réponse' })).toHaveCount(0);
    await expectAccessible(page, 'question thread with a best answer');
  });

  await test.step('the asker reports that answer and hears the report was sent; their own question has no report button', async () => {
    const answer = page.locator('.qa-answer').filter({ hasText: ANSWER });
    await expect(page.locator('.qa-question [data-island="report-button"]')).toHaveCount(0);
    await answer.locator('.report-button summary', { hasText: 'Signaler' }).click();
    const island = answer.locator('[data-island="report-button"]');
    await expect(island).toHaveAttribute('data-hydrated', 'true');
    await island.getByLabel('Spam ou publicité').check();
    await island.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(island.getByRole('status')).toHaveText('Merci. Notre équipe va l\'examiner.');
    await expect(island.getByRole('button', { name: 'Envoyer le signalement' })).toHaveCount(0);
  });

  await test.step('the asker edits the question with a link: saved, and told it goes back to moderation', async () => {
    const own = page.locator('.qa-question [data-island="own-ugc-actions"]');
    await own.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(own).toHaveAttribute('data-hydrated', 'true');
    const edited = `${QUESTION} Voir www.example.com`;
    await own.getByLabel('Modifier votre question').fill(edited);
    await own.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(own.getByRole('status')).toContainText('repassent en modération');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);
    await page.reload();
    await expect(page.locator('.qa-question .qa-notice')).toBeVisible();
  });
});
