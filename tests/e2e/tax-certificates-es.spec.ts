// Tax-exemption certificates (issue 16, docs/account.md): a business customer uploads a certificate
// on the documents screen — a refusal is announced and focuses the field — staff validate it from
// the back-office queue, and the customer revokes it after confirming. Each state is checked with axe.
import { expect, test } from '@playwright/test';
import { islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { signInAsStaff } from './fixtures/staff';
import { channelUrl } from './fixtures/store';

const COMPANY = { name: 'Marta', surname: 'Ruiz', companyName: 'Talleres Ruiz S.L.', address: 'Calle Mayor', streetNumber: '5', city: 'Murcia', postalCode: '30001', provinceId: 30, countryIso: 'ES', billingType: 'company', nif: 'B12345674', cellPhone: '612345678' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

test('a business customer uploads a certificate, staff validate it, the customer revokes it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const origin = channelUrl('es', '');
  await signUpAndConfirm(page, origin, newEmail('certificates'), 'correct horse battery');
  const created = await page.evaluate(async (body) => (await fetch('/api/user/addresses/billing', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status, COMPANY);
  expect(created).toBe(201);

  await page.goto(`${origin}/usuarios/panel/mis-documentos`);
  const section = page.locator('#tax-certificates');
  await expect(section.getByRole('heading', { name: 'Certificados de exención de IVA' })).toBeVisible();
  await expect(section.locator('[data-certificates-empty]')).toBeVisible();
  const upload = await islandReady(page, 'tax-certificate-upload');
  // The tax id comes filled in from the billing address.
  await expect(page.getByLabel('NIF', { exact: true })).toHaveValue('B12345674');

  // Without a file: the refusal is announced and the file field takes the focus.
  await upload.getByRole('button', { name: 'Subir el certificado' }).click();
  await expect(upload.getByRole('alert')).toContainText('Corrige los campos marcados');
  await expect(page.locator('#certificate-file')).toBeFocused();
  await expect(upload.locator('#certificate-file-error')).toHaveText('Elige el archivo del certificado.');
  await expectAccessible(page, 'certificate upload refused');

  await page.locator('#certificate-file').setInputFiles({ name: 'certificado-censal.pdf', mimeType: 'application/pdf', buffer: PDF });
  await upload.getByRole('button', { name: 'Subir el certificado' }).click();
  await page.waitForURL(/certificate=uploaded/);
  await expect(section.getByRole('status')).toContainText('Certificado subido');
  const item = section.locator('[data-certificate-state="pending"]');
  await expect(item).toContainText('certificado-censal.pdf');
  await expect(item).toContainText('Pendiente de validación');
  await expectAccessible(page, 'certificate pending');

  // Staff validate it from the queue.
  const staff = await signInAsStaff(browser, origin);
  await staff.goto(`${origin}/admin/tax-certificates`);
  const id = (await item.getAttribute('data-certificate-id'))!;
  const queued = staff.locator(`[data-certificate-id="${id}"]`);
  await expect(queued.locator('a[data-certificate-file]')).toHaveAttribute('href', `/api/user/tax-certificates/${id}/file`);
  await expectAccessible(staff, 'staff certificates queue');
  await islandReady(staff, 'tax-certificate-review', `[data-certificate-id="${id}"]`);
  await queued.getByRole('button', { name: 'Validar' }).click();
  await expect(staff.locator(`[data-certificate-id="${id}"]`)).toHaveCount(0);
  await staff.context().close();

  // Revoking asks first, by keyboard.
  await page.goto(`${origin}/usuarios/panel/mis-documentos`);
  const validated = section.locator(`[data-certificate-id="${id}"]`);
  await expect(validated).toHaveAttribute('data-certificate-state', 'validated');
  const revoke = validated.locator('[data-island="tax-certificate-revoke"]');
  await revoke.hover();
  await expect(revoke).toHaveAttribute('data-hydrated', 'true');
  const summary = validated.locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(validated.getByText('Las facturas que se emitan después de revocar el certificado incluyen IVA.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'revoke confirmation open');
  await validated.getByRole('button', { name: /Sí, revocar/ }).click();
  await page.waitForURL(/certificate=revoked/);
  await expect(section.locator(`[data-certificate-id="${id}"]`)).toHaveAttribute('data-certificate-state', 'revoked');
  await expect(section.getByRole('status')).toContainText('Certificado revocado');
});
