import { callApi } from '../../fixtures/api';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { CasesPage } from '../../pages/cases-page';

test('[CASES]: a case’s address carries the number people see; its old address (the id) moves there', async ({
  page,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await cases.gotoList('open', 'claim');
  const label = (await cases.caseNumbers())[3] ?? '';
  const number = label.replace('#', '');
  await cases.openCase(label);
  await expect(page).toHaveURL(new RegExp(`/cases/open/claim/${number}$`));

  const read = await callApi(page, 'GET', `/v2/api/claims/number/${number}`);
  const { id } = read.body as { id: number };
  expect(id).not.toBe(Number(number));

  // An address from before, with the case's id: the page moves to the number's address.
  await page.goto(`/cases/open/claim/${String(id)}?tab=timeline`);
  await expect(page).toHaveURL(new RegExp(`/cases/open/claim/${number}\\?tab=timeline$`));
  await expect(page.getByRole('heading', { level: 1, name: `Case ${label}` })).toBeVisible();

  // A number no case has, and no id either: the page says so.
  await page.goto('/cases/open/claim/99999999');
  await expect(page.getByText('Case not found')).toBeVisible();
});
