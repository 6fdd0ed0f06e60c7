// The PC configurator in Spain, end to end in Spanish: a customer builds a PC from scratch step
// by step, sees a motherboard of another socket excluded with its reason, saves the build, opens
// it again from the account and puts the whole build in the basket with the assembly service.
// axe checks the configurator.
import { expect, test, type Page } from '@playwright/test';
import { newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { channelUrl } from './fixtures/store';

const origin = channelUrl('es', '');

/** Chooses the first part that fits in the current step and waits for the next step's page. */
async function chooseFirst(page: Page, expectedStep: string): Promise<string> {
  const step = page.locator('.configurator__choose');
  await expect(step).toHaveAttribute('data-step', expectedStep);
  const first = step.locator('.configurator__candidate[data-fits="true"]').first();
  const name = (await first.locator('.configurator__candidate-name').textContent())!.trim();
  await first.getByRole('link', { name: `Elegir ${name}` }).click();
  await expect(page.locator('.configurator__summary')).toContainText(name);
  return name;
}

test('Spain: a PC built from scratch, an incompatible motherboard excluded with its reason, saved, reopened from the account and put in the basket', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpAndConfirm(page, origin, newEmail('configurador'), 'correct horse battery');

  await page.goto(`${origin}/configurador`);
  await expect(page.getByRole('heading', { level: 1, name: 'Configurador de PC' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Elige un procesador' })).toBeVisible();
  await expectAccessible(page, 'configurator: first step');
  const chosen: string[] = [await chooseFirst(page, 'cpu')];

  await test.step('a motherboard of another socket is excluded, with the reason', async () => {
    await expect(page.getByRole('heading', { level: 2, name: 'Elige una placa base' })).toBeVisible();
    await page.getByRole('link', { name: /^Ver las \d+ que no encajan y por qué$/ }).click();
    const excluded = page.locator('.configurator__candidate[data-fits="false"]').filter({ has: page.locator('[data-reason="socket"]') }).first();
    await expect(excluded).toBeVisible();
    await expect(excluded.locator('[data-reason="socket"]')).toHaveText(/^El socket del procesador es (AM5|LGA1700|LGA1851) y el de la placa base es (AM5|LGA1700|LGA1851)\.$/);
    await expect(excluded.getByRole('link', { name: /^Elegir/ })).toHaveCount(0);
    await expectAccessible(page, 'configurator: excluded motherboards');
    await page.getByRole('link', { name: 'Volver a las piezas que encajan' }).click();
  });

  for (const step of ['motherboard', 'memory', 'gpu', 'storage'] as const) chosen.push(await chooseFirst(page, step));
  // After a drive the step stays open for more; go on to the power supply.
  await page.locator('.configurator__hint').getByRole('link', { name: 'Elige una fuente de alimentación' }).click();
  for (const step of ['psu', 'case', 'cooler', 'os'] as const) chosen.push(await chooseFirst(page, step));

  const summary = page.locator('.configurator__summary');
  await expect(summary.locator('tbody tr')).toHaveCount(9);
  await expect(summary.locator('.configurator__problems')).toHaveCount(0);
  await expect(summary).toContainText(/Consumo estimado: \d+ W\. Fuente de alimentación recomendada: al menos \d+ W\./);
  const total = await summary.locator('.configurator__total').getAttribute('data-total-cents');
  await expectAccessible(page, 'configurator: a whole build');

  await test.step('saved to the account and reopened from it', async () => {
    await page.getByLabel('Nombre de la configuración').fill('Mi PC para jugar');
    await page.getByRole('button', { name: 'Guardar en mi cuenta' }).click();
    await expect(page.getByRole('status')).toContainText('Configuración guardada');
    await expect(page.getByRole('heading', { level: 1, name: 'Mi PC para jugar' })).toBeVisible();
    const savedAt = new URL(page.url()).pathname;
    expect(savedAt).toMatch(/^\/configurador\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByLabel('Enlace para compartir este equipo')).toHaveValue(`${origin}${savedAt}`);

    await page.goto(`${origin}/usuarios/panel/configuraciones`);
    const row = page.locator('tr', { hasText: 'Mi PC para jugar' });
    await row.locator(`a[href="${savedAt}"]`).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi PC para jugar' })).toBeVisible();
    for (const name of chosen) await expect(summary).toContainText(name);
    await expect(summary.locator('.configurator__total')).toHaveAttribute('data-total-cents', total!);
  });

  await test.step('the whole build goes to the basket with the assembly', async () => {
    await expect(page.getByLabel(/^Montar y probar mi PC/)).toBeChecked();
    await page.getByRole('button', { name: 'Añadir todo el equipo a la cesta' }).click();
    await page.waitForURL(`${origin}/cart/shopping_basket`);
    for (const name of chosen) await expect(page.locator('main')).toContainText(name);
    await expect(page.locator('main')).toContainText('Montaje del PC');
  });
});
