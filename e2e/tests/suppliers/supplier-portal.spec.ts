import { callApi } from '../../fixtures/api';
import { USERS } from '../../fixtures/env';
import { readOtpCode } from '../../fixtures/mail';
import { expect, test } from '../../fixtures/test';
import { CasesPage } from '../../pages/cases-page';
import { SupplierPortalPage } from '../../pages/supplier-portal-page';

interface SupplierRow {
  id: number;
  name: string;
}
interface SupplierCaseRow {
  id: number;
  caseNumber: number;
  isArchived: boolean;
  customerName: string;
  sentAt: string | null;
}

test('[SUPPLIERS]: the contact person signs in with the code, sees only its supplier’s sent cases, answers with a credit note; staff see it', async ({
  page,
  loginPage,
}) => {
  // Two sign-ins and two sessions' worth of screens: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const portal = new SupplierPortalPage(page);
  const stamp = String(Date.now()).slice(-6);
  const creditNote = `KN-E2E-${stamp}`;
  const message = `Please send the serial plate too (${stamp}).`;

  // The staff's side: Elkjøp (contact@supplier.test speaks for it) and one of its open claims sent
  // to it; a new claim naming Elkjøp that is not sent yet.
  await loginPage.signInWithPassword(USERS.admin);
  const suppliers = (await callApi(page, 'GET', '/v2/api/suppliers')).body as SupplierRow[];
  const elkjop = suppliers.find((s) => s.name === 'Elkjøp Nordic AS');
  expect(elkjop).toBeDefined();
  const sent = (
    (await callApi(page, 'GET', `/v2/api/suppliers/${String(elkjop?.id)}/cases`)).body as SupplierCaseRow[]
  ).filter((c) => c.sentAt !== null && !c.isArchived);
  const target = sent[0];
  if (!target) throw new Error('demo-store has no open claim sent to Elkjøp');
  const unsent = await callApi(page, 'POST', '/v2/api/claims', {
    workFlow: 'claim',
    customer: { name: `Petra Unsent ${stamp}` },
    supplierId: elkjop?.id,
    items: [{ productName: 'Kettle', quantity: 1 }],
  });
  expect(unsent.status).toBe(201);
  const unsentNumber = (unsent.body as { caseNumber: number }).caseNumber;
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();

  // The contact person signs in with the code from the mail-out folder.
  await loginPage.goto();
  const since = Date.now();
  await loginPage.enterEmail(USERS.contact);
  await loginPage.otp.fill(await readOtpCode(USERS.contact, since));
  await loginPage.signIn.click();
  await expect(page).toHaveURL('/cases/open/claim');
  const cases = new CasesPage(page);
  await expect(cases.rows.first()).toBeVisible();
  const listed = await cases.caseNumbers();
  for (const c of sent) expect(listed).toContain(`#${String(c.caseNumber)}`);
  expect(listed).not.toContain(`#${String(unsentNumber)}`);
  await expect(page.getByText(target.customerName)).toHaveCount(0);
  // A claim not sent to it is not there, even by its address.
  await page.goto(`/cases/open/claim/${String(unsentNumber)}`);
  await expect(page.getByText('Case not found')).toBeVisible();

  // The claim opens on its supplier side, without the customer's personal data.
  await portal.openCase(target.caseNumber);
  await expect(portal.claim).toContainText(`Claim #${String(target.caseNumber)}`);
  await expect(portal.claim).toContainText('Elkjøp Nordic AS');
  await expect(page.getByText(target.customerName)).toHaveCount(0);

  await portal.answer({
    outcome: 'Partly accepted',
    mode: 'Credit note',
    amount: '450',
    creditNote,
    note: 'Half: the lid was worn.',
  });
  await expect(page.getByText('Your answer was sent to the store')).toBeVisible();
  const latest = portal.answers.getByTestId('supplier-answer').first();
  await expect(latest.getByTestId('answer-outcome')).toHaveText('Partly accepted');
  await expect(latest.getByTestId('answer-credit-note')).toContainText(creditNote);

  await portal.writeMessage(message, {
    name: `plate-${stamp}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from('serial plate photo stand-in'),
  });
  await expect(page.getByText('Your message was sent to the store')).toBeVisible();

  // The staff see the answer on the case, who looked at it, and the message with its file.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await loginPage.signInWithPassword(USERS.admin);
  await portal.openCase(target.caseNumber);
  await expect(portal.staffCard).toContainText("Supplier's answer");
  await expect(portal.staffCard.getByTestId('answer-outcome').first()).toHaveText('Partly accepted');
  await expect(portal.staffCard.getByTestId('answer-credit-note').first()).toContainText(creditNote);
  await expect(portal.staffCard.getByTestId('answer-amount').first()).toContainText('450');
  await expect(portal.staffCard.getByTestId('seen-by-supplier')).toContainText(
    `Seen by the supplier: ${USERS.contact}`,
  );
  // The credit note the supplier named goes onto the case's costs in one click.
  await portal.staffCard.getByRole('button', { name: 'Register as credit note' }).click();
  await expect(page.getByText(`Credit note ${creditNote} registered on the case's costs`)).toBeVisible();
  await expect(portal.staffCard.getByRole('button', { name: 'Register as credit note' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Costs' }).click();
  await expect(page.getByRole('tabpanel').getByText(creditNote).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Mails' }).click();
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(page.getByText(`plate-${stamp}.txt`).first()).toBeVisible();
});
