import AxeBuilder from '@axe-core/playwright';
import { callApi } from '../../fixtures/api';
import { USERS } from '../../fixtures/env';
import { makePng, sendToStore, uniqueMark } from '../../fixtures/inbound-mail';
import { sentMail } from '../../fixtures/mail-out';
import { expect as baseExpect, test } from '../../fixtures/test';
import { SendToSupplierPage } from '../../pages/send-to-supplier-page';

// The server takes the customer's photo in and writes the claim mail out: slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('[SUPPLIERS]: send a case to its supplier, the evidence it requires first', async ({
  page,
  loginPage,
}) => {
  const send = new SendToSupplierPage(page);
  const mark = uniqueMark('Send');
  const slug = mark.split(' ')[1] ?? 'x';
  const customerEmail = `ola.${slug}@customer.test`;
  await loginPage.signInWithPassword(USERS.admin);

  const supplierName = `Kettle Parts ${slug}`;
  const supplier = await callApi(page, 'POST', '/v2/api/suppliers', {
    name: supplierName,
    email: `office.${slug}@kettleparts.test`,
    claimAddress: `claims.${slug}@kettleparts.test`,
    requiredEvidence: ['photos', 'serialNumber'],
    answerDays: 5,
  });
  expect(supplier.status).toBe(201);
  const created = await callApi(page, 'POST', '/v2/api/claims', {
    workFlow: 'claim',
    customer: { name: `Ola Hidden ${slug}`, email: customerEmail, phone: '+47 912 34 567' },
    purchaseDate: '2026-09-14',
    orderReference: `ORD-${slug}`,
    items: [{ productName: `Kettle ${slug}`, sku: 'K-1', quantity: 1, faultDescription: 'Does not heat' }],
  });
  expect(created.status).toBe(201);
  const { caseNumber } = created.body as { caseNumber: number };
  // The customer's photo comes in by mail, on the case (its tag and the customer's address).
  await sendToStore({
    from: { name: 'Ola', address: customerEmail },
    subject: `Photo [#${String(caseNumber)}]`,
    text: 'Here is a photo of the kettle.',
    attachments: [{ filename: 'kettle.png', content: makePng(96, 64), contentType: 'image/png' }],
  });

  // The supplier is chosen in the form among the store's suppliers.
  await send.goto(caseNumber);
  await expect(send.bar).toContainText('No supplier chosen');
  await send.chooseSupplier(supplierName);
  await send.save.click();
  await expect(send.bar).toContainText(supplierName);
  await expect(send.bar).toContainText('Not sent to the supplier yet');

  // The claim mail: to the claim address, the item, none of the customer's data; the photo chosen.
  await send.openDialog();
  await expect(send.dialog).toContainText(`claims.${slug}@kettleparts.test`);
  const body = send.dialog.getByTestId('send-body');
  await expect(body).toContainText(`Kettle ${slug}`);
  await expect(body).toContainText(`ORD-${slug}`);
  await expect(body).not.toContainText('Ola Hidden');
  await expect(body).not.toContainText(customerEmail);
  await expect(send.files.getByRole('checkbox', { name: /kettle\.png/ })).toBeChecked();
  // The item has no serial number: the supplier requires one, so Send waits.
  await expect(send.missing).toContainText('Serial numbers');
  await expect(send.missing).not.toContainText('Photos');
  await expect(send.dialog.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  // Leaving the photo out is missing evidence too.
  await send.files.getByRole('checkbox', { name: /kettle\.png/ }).uncheck();
  await expect(send.missing).toContainText('Photos');
  await send.dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tabpanel').getByLabel('Serial number').first().fill(`SN-${slug}`);
  await send.save.click();
  await expect(page.getByText('The case was saved.').first()).toBeVisible();

  await send.openDialog();
  await expect(send.missing).toHaveCount(0);
  // The case page with its supplier bar and the dialog: no serious accessibility problem.
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await send.dialog.getByLabel('Subject').fill(`Claim ${mark}`);
  await send.dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(`Case ${String(caseNumber)} was sent to ${supplierName}`)).toBeVisible();
  await expect(send.bar).toContainText('Sent to supplier');
  await expect(send.bar.getByRole('button', { name: 'Send to supplier again' })).toBeVisible();

  // The mail that went out: to the claim address, with the photo, the serial number, and no customer data.
  const mail = await sentMail(mark);
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toContain(`claims.${slug}@kettleparts.test`);
  expect(mail.attachments.map((a) => a.filename)).toEqual(['kettle.png']);
  expect(mail.text).toContain(`SN-${slug}`);
  expect(mail.text).not.toContain('Ola Hidden');
  expect(mail.text).not.toContain('912 34 567');

  await send.goto(caseNumber, 'timeline');
  await expect(page.getByTestId('case-timeline')).toContainText(
    `sent the case to the supplier ${supplierName}`,
  );
});
