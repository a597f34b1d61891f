import { callApi } from '../../fixtures/api';
import { USERS } from '../../fixtures/env';
import { readOtpCode } from '../../fixtures/mail';
import { expect, test } from '../../fixtures/test';
import { CaseMailsPage } from '../../pages/case-mails-page';

interface SupplierRow {
  id: number;
  name: string;
}
interface SupplierCaseRow {
  id: number;
  caseNumber: number;
  isArchived: boolean;
  sentAt: string | null;
}

test('[SUPPLIERS]: staff see who outside reads a sent case; its contact reads the mail but writes none', async ({
  page,
  loginPage,
}) => {
  test.setTimeout(120_000);
  await loginPage.signInWithPassword(USERS.admin);
  const suppliers = (await callApi(page, 'GET', '/v2/api/suppliers')).body as SupplierRow[];
  const elkjop = suppliers.find((s) => s.name === 'Elkjøp Nordic AS');
  const sent = (
    (await callApi(page, 'GET', `/v2/api/suppliers/${String(elkjop?.id)}/cases`)).body as SupplierCaseRow[]
  ).find((c) => c.sentAt !== null && !c.isArchived);
  if (!sent) throw new Error('demo-store has no open claim sent to Elkjøp');

  // The staff's side: the case names Elkjøp's contact person as a reader while it is sent.
  const mails = new CaseMailsPage(page);
  await mails.goto('claim', sent.id);
  const outside = page.getByTestId('outside-access');
  await expect(outside).toContainText('Outside the store, this case can be read by');
  await expect(outside.getByTestId('outside-supplier')).toContainText('Elkjøp Nordic AS, while it is sent');
  await expect(page.getByRole('button', { name: 'New' })).toBeVisible();
  await page.evaluate(() => localStorage.clear());

  // The contact person reads the case's mail, with nothing to write with.
  await loginPage.goto();
  const since = Date.now();
  await loginPage.enterEmail(USERS.contact);
  await loginPage.otp.fill(await readOtpCode(USERS.contact, since));
  await loginPage.signIn.click();
  await expect(page).toHaveURL('/cases/open/claim');
  await mails.goto('claim', sent.id);
  await expect(page.getByRole('button', { name: 'New' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Reply|Reply all|Forward)$/ })).toHaveCount(0);
  await expect(page.getByTestId('outside-access')).toHaveCount(0);
  await expect(page.getByTestId('menu-support-preview')).toHaveCount(0);
});
