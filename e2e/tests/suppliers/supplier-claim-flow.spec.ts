// Issue 24's whole path in one run, as the store and its supplier live it: an administrator
// creates a supplier with a contact person and imports more from a CSV with one bad row; an agent
// sends a claim to the new supplier with the customer's photo; the contact person signs in with
// the code from the mail-out folder, sees that one claim and nothing else, and answers it with a
// credit note; the staff find the answer on the case.
import type { Response } from '@playwright/test';
import { callApi } from '../../fixtures/api';
import { USERS } from '../../fixtures/env';
import { makePng, sendToStore, uniqueMark } from '../../fixtures/inbound-mail';
import { readOtpCode } from '../../fixtures/mail';
import { sentMail } from '../../fixtures/mail-out';
import { expect as baseExpect, test } from '../../fixtures/test';
import { CasesPage } from '../../pages/cases-page';
import { SendToSupplierPage } from '../../pages/send-to-supplier-page';
import { SupplierPortalPage } from '../../pages/supplier-portal-page';
import { SuppliersPage } from '../../pages/suppliers-page';

// Mail in and out through the server's workers: slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

test('[SUPPLIERS]: a claim goes to a new supplier, its contact answers with a credit note, the staff see it', async ({
  page,
  loginPage,
}) => {
  const suppliers = new SuppliersPage(page);
  const send = new SendToSupplierPage(page);
  const portal = new SupplierPortalPage(page);
  const mark = uniqueMark('Flow');
  const slug = mark.split(' ')[1] ?? 'x';
  const name = `Flow Kettles ${slug}`;
  const contact = `anna.${slug}@flowkettles.test`;
  const customerEmail = `kari.${slug}@customer.test`;
  const creditNote = `CN-${slug}`;

  // The administrator creates the supplier, with its contact person, in the form.
  await loginPage.signInWithPassword(USERS.admin);
  await suppliers.goto();
  await suppliers.newSupplier.click();
  await suppliers.dialog.getByLabel('Name').fill(name);
  await suppliers.dialog.getByLabel('Email', { exact: true }).fill(`claims.${slug}@flowkettles.test`);
  await suppliers.dialog.getByRole('button', { name: 'Add contact person' }).click();
  await suppliers.dialog.getByRole('textbox', { name: 'Full name (1)' }).fill('Anna Flow');
  await suppliers.dialog.getByRole('textbox', { name: 'Email (1)' }).fill(contact);
  await suppliers.dialog.getByRole('button', { name: 'Create supplier' }).click();
  await expect(page.getByText(`${name} was created`)).toBeVisible();

  // More suppliers from a CSV: the bad row is reported, the good one kept.
  await suppliers.importCsv.click();
  const csv = [
    'name;email;answerDays',
    `Flow Spare ${slug};spare.${slug}@import.test;7`,
    `;not-an-email;0`,
  ].join('\n');
  await suppliers.dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'suppliers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await suppliers.dialog.getByRole('button', { name: 'Import 1 good row' }).click();
  await expect(suppliers.dialog.getByText('1 created, 1 not imported.', { exact: false })).toBeVisible();
  await suppliers.dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(suppliers.row(`Flow Spare ${slug}`)).toBeVisible();

  // A claim with the customer's photo, mailed in on the case.
  const created = await callApi(page, 'POST', '/v2/api/claims', {
    workFlow: 'claim',
    customer: { name: `Kari Private ${slug}`, email: customerEmail, phone: '+47 934 56 789' },
    purchaseDate: '2026-08-02',
    orderReference: `ORD-${slug}`,
    items: [
      { productName: `Kettle ${slug}`, sku: 'FK-1', quantity: 1, faultDescription: 'Leaks at the base' },
    ],
  });
  expect(created.status).toBe(201);
  const { caseNumber } = created.body as { caseNumber: number };
  await sendToStore({
    from: { name: 'Kari', address: customerEmail },
    subject: `Photo [#${String(caseNumber)}]`,
    text: 'The kettle leaks, photo attached.',
    attachments: [{ filename: 'leak.png', content: makePng(96, 64), contentType: 'image/png' }],
  });

  // The supplier is chosen on the case, and the claim sent to it with the photo.
  await send.goto(caseNumber);
  await send.chooseSupplier(name);
  await send.save.click();
  await expect(send.bar).toContainText(name);
  await send.openDialog();
  await expect(send.files.getByRole('checkbox', { name: /leak\.png/ })).toBeChecked();
  await send.dialog.getByLabel('Subject').fill(`Claim ${mark}`);
  await send.dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(`Case ${String(caseNumber)} was sent to ${name}`)).toBeVisible();
  const mail = await sentMail(mark);
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toContain(`claims.${slug}@flowkettles.test`);
  expect(mail.attachments.map((a) => a.filename)).toEqual(['leak.png']);
  expect(mail.text).not.toContain(`Kari Private ${slug}`);

  // The contact person signs in with the code from the mail-out folder: this claim, nothing else.
  // Its pages never ask for what only staff may read (each such call would be a 403).
  const refused: string[] = [];
  const onResponse = (response: Response) => {
    if (response.status() === 403 && response.url().includes('/v2/')) refused.push(response.url());
  };
  page.on('response', onResponse);
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await loginPage.goto();
  const since = Date.now();
  await loginPage.enterEmail(contact);
  await loginPage.otp.fill(await readOtpCode(contact, since));
  await loginPage.signIn.click();
  await expect(page).toHaveURL('/cases/open/claim');
  const cases = new CasesPage(page);
  await expect(cases.rows.first()).toBeVisible();
  expect(await cases.caseNumbers()).toEqual([`#${String(caseNumber)}`]);
  await expect(page.getByText(`Kari Private ${slug}`)).toHaveCount(0);

  await portal.openCase(caseNumber);
  await expect(portal.claim).toContainText(`Kettle ${slug}`);
  await expect(page.getByText(`Kari Private ${slug}`)).toHaveCount(0);
  await portal.answer({
    outcome: 'Accepted',
    mode: 'Credit note',
    amount: '799',
    creditNote,
    note: 'Accepted: a known fault of this batch.',
  });
  await expect(page.getByText('Your answer was sent to the store')).toBeVisible();
  page.off('response', onResponse);
  expect(refused).toEqual([]);

  // The staff see the answer on the case, and that the supplier looked at it.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await loginPage.signInWithPassword(USERS.agent);
  await portal.openCase(caseNumber);
  await expect(portal.staffCard.getByTestId('answer-outcome').first()).toHaveText('Accepted');
  await expect(portal.staffCard.getByTestId('answer-credit-note').first()).toContainText(creditNote);
  await expect(portal.staffCard.getByTestId('answer-amount').first()).toContainText('799');
  await expect(portal.staffCard.getByTestId('seen-by-supplier')).toContainText(
    `Seen by the supplier: ${contact}`,
  );
});
