import { callApi } from '../../fixtures/api';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { CaseCostsPage } from '../../pages/case-costs-page';

test('[COSTS]: a cost line and a credit note on a case give its totals, recovery and deadlines', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.agent);
  const created = await callApi(page, 'POST', '/v2/api/claims', {
    workFlow: 'claim',
    customer: { name: 'Kari Nordmann' },
    purchaseDate: '2024-01-02',
    items: [],
  });
  expect(created.status).toBe(201);
  const { caseNumber } = created.body as { caseNumber: number };
  const costs = new CaseCostsPage(page);
  await costs.goto(caseNumber);

  // Demo-store speaks Norwegian: Norway's rules, from the purchase on 2 January 2024.
  await expect(costs.deadlines).toContainText('Consumer law (Norway)');
  await expect(costs.deadlines).toContainText('Claim period ends: 02/01/2026');
  await expect(costs.deadlines).toContainText('Burden of proof on the store until: 02/01/2026');

  await expect(costs.panel.getByText('No costs registered yet.')).toBeVisible();
  // An amount that is no cost is refused on its field, and nothing is saved.
  await costs.addLine('0');
  await expect(costs.lineForm.getByLabel('Amount', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(costs.total('gross')).toHaveText('NOK 0.00');

  // 1,250.00 with VAT, paid by the supplier.
  await costs.addLine('1250');
  await expect(costs.page.getByTestId('cost-lines')).toContainText('NOK 1,000.00');
  await expect(costs.total('gross')).toHaveText('NOK 1,250.00');
  await expect(costs.total('expected')).toHaveText('NOK 1,250.00');
  await expect(costs.page.getByTestId('recovery-state')).toHaveText('Open');

  await costs.addCreditNote('KN-4711', '500');
  await expect(costs.page.getByTestId('credit-notes')).toContainText('KN-4711');
  await expect(costs.total('credited')).toHaveText('NOK 500.00');
  await expect(costs.total('unrecovered')).toHaveText('NOK 750.00');
  await expect(costs.page.getByTestId('recovery-state')).toHaveText('Partly settled');

  // The same credit note number twice is refused on its field.
  await costs.addCreditNote('KN-4711', '750');
  await expect(costs.creditForm.getByText(/credit note numbered KN-4711/)).toBeVisible();
  await expect(costs.total('credited')).toHaveText('NOK 500.00');

  // Both changes are on the case's timeline.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByText(/changed the costs/)).toHaveCount(2);
  // The costs tab sits inside the case's form: none of its buttons saved the case.
  await expect(page.getByText(/changed the case/)).toHaveCount(0);
});

test('[COSTS]: an administrator keeps the exchange rates; a line in euros converts at its date’s rate', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.admin);
  const created = await callApi(page, 'POST', '/v2/api/claims', {
    workFlow: 'claim',
    customer: { name: 'Ola Nordmann' },
    items: [],
  });
  const { caseNumber } = created.body as { caseNumber: number };
  const costs = new CaseCostsPage(page);
  await costs.goto(caseNumber);
  await expect(costs.deadlines).toContainText('No purchase date on this case');

  await costs.openRates();
  const dialog = page.getByRole('dialog', { name: 'Exchange rates' });
  await dialog.getByLabel('Currency', { exact: true }).click();
  await page.getByRole('option', { name: 'EUR', exact: true }).click();
  await dialog.getByLabel('From').fill('01/01/2020');
  await dialog.getByLabel('From').press('Tab');
  await dialog.getByLabel('Rate in NOK').fill('10.5');
  await dialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(dialog.getByTestId('exchange-rates').getByRole('row', { name: /01\/01\/2020/ })).toContainText(
    '10.5',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await costs.lineForm.getByLabel('Currency', { exact: true }).click();
  await page.getByRole('option', { name: 'EUR', exact: true }).click();
  // A cost from 2020: the rate of 1 January 2020 is in force then (the demo's start in 2025).
  await costs.lineForm.getByLabel('Date', { exact: true }).fill('15/06/2020');
  await costs.lineForm.getByLabel('Date', { exact: true }).press('Tab');
  await costs.addLine('100');
  await expect(costs.page.getByTestId('cost-lines')).toContainText('€100.00');
  await expect(costs.total('gross')).toHaveText('NOK 1,050.00');
});

test('[COSTS]: in Norwegian an amount is typed with a decimal comma and shown in kroner', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.agent);
  const created = await callApi(page, 'POST', '/v2/api/claims', {
    workFlow: 'claim',
    customer: { name: 'Kari Nordmann' },
    purchaseDate: '2023-12-31',
    items: [],
  });
  const { caseNumber } = created.body as { caseNumber: number };
  const costs = new CaseCostsPage(page);
  await page.evaluate(() => localStorage.setItem('cd.language', 'nr'));
  await costs.goto(caseNumber);
  // Bought before 2024: six months' presumption.
  await expect(costs.deadlines).toContainText('Butikken har bevisbyrden til: 30.06.2024');
  await costs.lineForm.getByLabel('Beløp', { exact: true }).pressSequentially('1250,50');
  await costs.lineForm.getByRole('button', { name: 'Legg til kostnad' }).click();
  await expect(costs.total('gross')).toHaveText('1\u00a0250,50\u00a0kr');
});
