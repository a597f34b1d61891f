import { callApi } from '../../fixtures/api';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

/**
 * A customer's data on request (issue 34.4): an administrator finds what is stored about an
 * address, downloads it as a zip, and erases it behind the confirmation; the case stays with its
 * number, without the customer's name, address or phone.
 */
test('[PRIVACY]: find, export and erase a customer; the case stays without personal data', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  const mark = Date.now().toString(36);
  const email = `ola-${mark}@privacy.test`;
  const name = `Ola Personvern ${mark}`;
  const created = await callApi(page, 'POST', '/v2/api/claims', {
    workFlow: 'claim',
    customer: { name, email, phone: '+47 915 55 123', address: 'Personvernveien 7, Oslo' },
    purchaseDate: '2025-02-03',
    items: [],
  });
  expect(created.status).toBe(201);
  const { caseNumber } = created.body as { caseNumber: number };

  await page.goto('/settings/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer data' })).toBeVisible();
  // A bad address is refused on its field.
  await page.getByTestId('privacy-email').fill('not-an-address');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();

  await page.getByTestId('privacy-email').fill(email);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('privacy-count-cases')).toHaveText('1');
  await expect(page.getByTestId('privacy-result')).toContainText(String(caseNumber));
  // Readable on a desktop and a phone: nothing wider than the screen.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`privacy-${String(width)}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download export' }).click();
  expect((await download).suggestedFilename()).toMatch(/^customer-data-\d{4}-\d{2}-\d{2}\.zip$/);

  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: "Erase this customer's data" });
  await expect(dialog).toContainText('The case numbers, items and statuses');
  await expect(dialog).toContainText('Costs, credit notes and the report figures');
  await page.screenshot({ path: test.info().outputPath('privacy-dialog-1280.png'), animations: 'disabled' });
  const confirm = dialog.getByRole('button', { name: 'Erase for good' });
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId('privacy-confirm-email').fill(`other-${email}`);
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId('privacy-confirm-email').fill(email);
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('privacy-result')).toContainText('Nothing is stored about this customer.');

  await page.goto(`/cases/open/claim/${String(caseNumber)}`);
  await expect(page.getByRole('heading', { level: 1, name: `Case #${String(caseNumber)}` })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('textbox', { name: 'Customer name' })).toHaveValue('[erased]');
  for (const field of ['Customer email', 'Customer phone', 'Customer address'])
    await expect(main.getByRole('textbox', { name: field })).toHaveValue('');
  await expect(main).not.toContainText(name);
  await expect(main).not.toContainText(email);
  await expect(main).not.toContainText('Personvernveien');
});
