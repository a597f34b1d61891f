import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { ReportsPage } from '../../pages/reports-page';

/** A CSV's lines (BOM and the last line break taken off), each split at `separator` (no quoted separators here). */
const csvRows = (text: string, separator: string) => {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(separator));
};

/** An amount as the screen writes it in English ("NOK 157,957.10"), in minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

test('[REPORTS]: an administrator sees mail, case and supplier charts for the demo data', async ({
  page,
  loginPage,
}) => {
  const reports = new ReportsPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await reports.goto();
  for (const key of ['mail', 'cases', 'suppliers'] as const) {
    await expect(reports.bars(key).first()).toBeVisible();
    expect(await reports.bars(key).count(), key).toBeGreaterThan(0);
  }
  await expect(reports.figure('cases', 'Cases')).toHaveText(/^[1-9][\d,]*$/);
  await expect(reports.section('suppliers').locator('tbody tr').first()).toContainText(/AS|GmbH/);

  // Cases by another date: the choice goes into the address and the figures follow.
  await page.getByRole('combobox', { name: 'Count cases by' }).click();
  await page.getByRole('option', { name: 'Closed date' }).click();
  await expect(page).toHaveURL(/basis=closed/);
  await expect(reports.section('cases')).toContainText('Cases closed in the period.');
});

test('[REPORTS]: a CSV downloads and its column sums to the screen’s total', async ({ page, loginPage }) => {
  const reports = new ReportsPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await reports.goto();
  await expect(reports.totalRow('suppliers')).toBeVisible();

  const suppliers = csvRows(await reports.downloadCsv('suppliers', 'Export CSV'), ',');
  const header = suppliers[0] ?? [];
  expect(header).toContain('Costs (NOK)');
  const costs = header.indexOf('Costs (NOK)');
  const outstanding = header.indexOf('Outstanding (NOK)');
  const sum = (column: number) =>
    suppliers.slice(1).reduce((total, row) => total + Math.round(Number(row[column]) * 100), 0);
  const total = reports.totalRow('suppliers').locator('td');
  expect(sum(costs)).toBe(minorOf(await total.nth(3).innerText()));
  expect(sum(outstanding)).toBe(minorOf(await total.nth(6).innerText()));
  expect(sum(costs)).toBeGreaterThan(0);

  const mails = csvRows(await reports.downloadCsv('mail', 'Export CSV'), ',');
  expect(mails[0]).toEqual(['Period from', 'Mailbox', 'Mails in', 'Mails out']);
  const mailsIn = mails.slice(1).reduce((total, row) => total + Number(row[2]), 0);
  expect(mailsIn).toBe(Number((await reports.figure('mail', 'Mails in').innerText()).replace(/\D/g, '')));
});

test('[REPORTS]: a manager opens the reports', async ({ page, loginPage }) => {
  await loginPage.signInWithPassword(USERS.manager);
  const reports = new ReportsPage(page);
  await reports.goto();
  await expect(reports.bars('cases').first()).toBeVisible();
});

test('[REPORTS]: a standard user is sent to access denied', async ({ page, loginPage }) => {
  await loginPage.signInWithPassword(USERS.agent);
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/access-denied$/);
});
