import { callApi } from '../../fixtures/api';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { CaseCostsPage } from '../../pages/case-costs-page';
import { CostPdfPage, readDownloadedPdf } from '../../pages/cost-pdf-page';

test('[COSTS]: the case’s cost report downloads as a PDF with the totals the tab shows', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.agent);
  const created = await callApi(page, 'POST', '/v2/api/claims', {
    workFlow: 'claim',
    customer: { name: 'Åse Ærø Straße' },
    items: [],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { caseNumber } = created.body as { caseNumber: number };
  const costs = new CaseCostsPage(page);
  await costs.goto(caseNumber);
  await costs.addLine('1250');
  await expect(costs.total('gross')).toHaveText('NOK 1,250.00');
  await costs.addCreditNote('KN-ØÅ', '500');
  await expect(costs.total('unrecovered')).toHaveText('NOK 750.00');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    costs.panel.getByRole('button', { name: 'Cost report (PDF)' }).click(),
  ]);
  const pdf = await readDownloadedPdf(download);
  expect(pdf.fileName).toBe(`cost-report-${String(caseNumber)}.pdf`);
  expect(pdf.title).toBe(`Cost report – Case ${String(caseNumber)}`);
  const text = pdf.pages.join('\n');
  for (const words of ['Demo Store', 'Åse Ærø Straße', 'KN-ØÅ', 'Partly settled'])
    expect(text).toContain(words);
  // The tab's totals, as the PDF writes them (in English: 1,250.00).
  expect(text).toContain('Gross 1,250.00');
  expect(text).toContain('Claimed 1,250.00');
  expect(text).toContain('Credited 500.00');
  expect(text).toContain('Unrecovered 750.00');
  expect(pdf.pages[0]).toContain('Page 1 of 1');
});

test('[COSTS]: a manager downloads the supplier statement of a period from /reports/cost-pdf', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.manager);
  const statement = new CostPdfPage(page);
  await statement.goto();

  // A period that ends before it starts is refused on its field, and nothing downloads.
  await statement.setPeriod('01/06/2026', '01/01/2026');
  await statement.download.click();
  await expect(statement.form.getByText('The end cannot be before the start')).toBeVisible();

  // The demo's claims of 2026, of every supplier: their rows and totals.
  await statement.setPeriod('01/01/2026', '31/12/2026');
  const all = await statement.downloadPdf();
  expect(all.fileName).toBe('supplier-statement-2026-01-01-2026-12-31.pdf');
  const text = all.pages.join('\n');
  expect(text).toContain('Supplier statement – All suppliers');
  expect(text).toContain('Demo Store');
  expect(text).toMatch(/Total \d+ cases [\d,]+\.\d\d [\d,]+\.\d\d [\d,]+\.\d\d/);
  expect(all.pages.at(-1)).toContain(`Page ${String(all.pages.length)} of ${String(all.pages.length)}`);

  // One supplier of the demo: its name heads the statement, and only its cases are on it.
  await statement.supplier.click();
  await page.getByRole('option', { name: 'Elkjøp Nordic AS', exact: true }).click();
  const one = await statement.downloadPdf();
  const oneText = one.pages.join('\n');
  expect(oneText).toContain('Supplier statement – Elkjøp Nordic AS');
  expect(oneText).not.toContain('Bergans Fritid AS');
  expect(text).toContain('Bergans Fritid AS');
});
