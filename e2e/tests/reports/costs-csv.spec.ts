import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { downloadCsv } from '../../pages/csv-download';
import { ReportsPage } from '../../pages/reports-page';

/** "NOK 157,957.10" (the screen, en-GB) or "157957.10" (the CSV, en) as minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

test('[REPORTS]: the cost lines CSV adds up: its gross column sums to its totals row and to the screen’s costs', async ({
  page,
  loginPage,
}) => {
  const reports = new ReportsPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await reports.goto();
  const costs = reports.figure('suppliers', 'Costs');
  await expect(costs).toContainText('NOK');
  const onScreen = minorOf((await costs.innerText()).replace(/^Costs/, ''));
  expect(onScreen).toBeGreaterThan(0);

  const button = reports.section('suppliers').getByRole('button', { name: 'Cost lines (CSV)' });
  const csv = await downloadCsv(page, button, ',');
  expect(csv.hasBom).toBe(true);
  expect(csv.header).toContain('Gross (store currency)');
  const total = csv.records.pop();
  expect(total?.['Case number']).toBe('Total');
  expect(csv.records.length).toBeGreaterThan(0);
  const grossOf = (rows: typeof csv.records) =>
    rows.reduce((sum, r) => sum + minorOf(r['Gross (store currency)'] ?? ''), 0);
  const gross = grossOf(csv.records);
  expect(minorOf(total?.['Gross (store currency)'] ?? '')).toBe(gross);
  // The screen's figure is the costs of cases with a supplier; the CSV also has the lines of cases
  // without one (tests before this one add some). The demo's costs are all dated, and their cases
  // created, within the screen's default period (the last 12 months).
  const withSupplier = csv.records.filter((r) => (r.Supplier ?? '') !== '');
  expect(withSupplier.length).toBeGreaterThan(0);
  expect(grossOf(withSupplier)).toBe(onScreen);
});
