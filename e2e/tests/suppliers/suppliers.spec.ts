import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { SuppliersPage } from '../../pages/suppliers-page';

test('[SUPPLIERS]: create a supplier with a contact person, errors on the fields first', async ({
  page,
  loginPage,
}) => {
  const suppliers = new SuppliersPage(page);
  const stamp = Date.now();
  const name = `Nordic Kettles ${stamp}`;
  await loginPage.signInWithPassword(USERS.admin);
  await suppliers.goto();
  // Demo-store's suppliers, with the open cases past their answer time standing out.
  await expect(suppliers.row('Elkjøp Nordic AS')).toContainText('Sune Supplier');
  await expect(
    suppliers.row('Komplett Services AS').getByText('1 overdue').locator('visible=true'),
  ).toHaveCount(1);

  await suppliers.newSupplier.click();
  await suppliers.dialog.getByLabel('Name').fill(name);
  // Elkjøp's organisation number: the server refuses it on the field.
  await suppliers.dialog.getByLabel('Organisation number').fill('984 155 611');
  await suppliers.dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
  await suppliers.dialog.getByRole('button', { name: 'Add contact person' }).click();
  await suppliers.dialog.getByRole('textbox', { name: 'Full name (1)' }).fill('Kari Kjele');
  await suppliers.dialog.getByRole('textbox', { name: 'Email (1)' }).fill(`kari.${stamp}@kettles.test`);
  await suppliers.dialog.getByRole('button', { name: 'Create supplier' }).click();
  await expect(suppliers.dialog.getByText('Must be a valid email address')).toBeVisible();
  await suppliers.dialog.getByLabel('Email', { exact: true }).fill(`post.${stamp}@kettles.test`);
  await suppliers.dialog.getByRole('button', { name: 'Create supplier' }).click();
  await expect(suppliers.dialog.getByText('Another supplier has this organisation number')).toBeVisible();
  await suppliers.dialog.getByLabel('Organisation number').fill(String(stamp).slice(-9));
  await suppliers.dialog.getByRole('button', { name: 'Create supplier' }).click();
  await expect(page.getByText(`${name} was created`)).toBeVisible();

  await suppliers.search.fill(`kari.${stamp}`);
  await expect(suppliers.rows).toHaveCount(1);
  await suppliers.row(name).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} · Claimdesk`);
  await expect(page.getByTestId('contact-person')).toContainText('Kari Kjele');
});

test('[SUPPLIERS]: import a CSV with one bad row, keep the good rows, export them again', async ({
  page,
  loginPage,
}) => {
  const suppliers = new SuppliersPage(page);
  const stamp = Date.now();
  await loginPage.signInWithPassword(USERS.admin);
  await suppliers.goto();
  await suppliers.importCsv.click();
  const csv = [
    'name;email;answerDays;contactPersons',
    `Imported One ${stamp};one.${stamp}@import.test;7;Per Import <per.${stamp}@import.test>`,
    `;bad-email;0;`,
    `Imported Two ${stamp};two.${stamp}@import.test;;`,
  ].join('\n');
  await suppliers.dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'suppliers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(suppliers.dialog.getByText(/good rows are kept/)).toBeVisible();
  const report = suppliers.dialog.getByTestId('import-row');
  await expect(report).toHaveCount(3);
  await suppliers.dialog.getByRole('button', { name: 'Import 2 good rows' }).click();
  await expect(suppliers.dialog.getByText('2 created, 1 not imported.', { exact: false })).toBeVisible();
  await expect(report.nth(0)).toHaveAttribute('data-state', 'created');
  await expect(report.nth(1)).toHaveAttribute('data-state', 'invalid');
  await expect(report.nth(1)).toContainText('email');
  await expect(report.nth(2)).toHaveAttribute('data-state', 'created');
  await suppliers.dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(suppliers.row(`Imported One ${stamp}`)).toContainText('Per Import');
  await expect(suppliers.row(`Imported Two ${stamp}`)).toBeVisible();

  const download = page.waitForEvent('download');
  await suppliers.exportCsv.click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  expect(text).toContain(`Imported One ${stamp},,one.${stamp}@import.test`);
  expect(text).toContain(`Per Import <per.${stamp}@import.test>`);
});

test('[SUPPLIERS]: the list and a supplier’s page have no serious violation and fit a phone', async ({
  page,
  loginPage,
}) => {
  const suppliers = new SuppliersPage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginPage.signInWithPassword(USERS.admin);
  const check = async (where: string) => {
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      where,
    ).toEqual([]);
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow, where).toBe(0);
  };
  await suppliers.goto();
  await check('list');
  // Komplett has a claim waiting past its promised answer time: marked among its cases.
  await suppliers.row('Komplett Services AS').getByRole('link', { name: 'Komplett Services AS' }).click();
  await expect(page.getByTestId('contact-person').first()).toBeVisible();
  await expect(page.getByTestId('supplier-case').filter({ hasText: 'Past answer time' })).toHaveCount(1);
  await check('supplier page');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(suppliers.dialog.locator('input[name="name"]')).toHaveValue('Komplett Services AS');
  await check('edit form');
});
