// Issue 35's week-one path in one run, as a store lives its first week: the administrator (at a
// desk, 1280 × 800) invites a colleague, who sets a password on a phone (390 × 844); a customer's
// mother mails in about the customer's case (a stranger to the case, so staff map her mail from
// Unmapped mails onto it) and the reply goes to her, not to the customer; the
// two colleagues edit the case at once and nothing either typed is lost; the case goes to a new
// supplier, whose contact person sees it once it is sent, and not before.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { callApi } from '../../fixtures/api';
import { USERS } from '../../fixtures/env';
import { sendToStore, uniqueMark } from '../../fixtures/inbound-mail';
import { readOtpCode } from '../../fixtures/mail';
import { sentMail, setPasswordLinkTo } from '../../fixtures/mail-out';
import { expect as baseExpect, test } from '../../fixtures/test';
import { CaseMailsPage } from '../../pages/case-mails-page';
import { CasesPage } from '../../pages/cases-page';
import { ComposePage } from '../../pages/compose-page';
import { LoginPage } from '../../pages/login-page';
import { SendToSupplierPage } from '../../pages/send-to-supplier-page';
import { SuppliersPage } from '../../pages/suppliers-page';
import { UnmappedPage } from '../../pages/unmapped-page';

// Mail in and out goes through the server's workers, and three browsers share a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 420_000 });

const PHONE = { width: 390, height: 844 };

/** A second person's browser, in English like the fixture's (not in a mail's sandboxed frame). */
const ENGLISH = () => {
  try {
    if (window === window.top) localStorage.setItem('cd.language', 'en');
  } catch {
    // about:blank has no storage.
  }
};

async function englishContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ locale: 'en-GB', ...options });
  await context.addInitScript(ENGLISH);
  return context;
}

/** A screenshot of the phone's screen, kept with the test's results. */
const snap = (phone: Page, name: string) => phone.screenshot({ path: test.info().outputPath(name) });

test("[WEEK-ONE]: invite a colleague who signs up on a phone, answer a relative's mail to the relative, edit a case two at once, send it to a supplier whose contact sees it only then", async ({
  page,
  browser,
  loginPage,
  usersPage,
}) => {
  const mark = uniqueMark('Week');
  const slug = mark.split(' ')[1] ?? 'x';
  const colleagueEmail = `ines.${slug}@demo-store.test`;
  const colleaguePassword = `Own-choice-${slug}`;
  const customerEmail = `kari.${slug}@customer.test`;
  const relativeEmail = `mother.${slug}@example.no`;
  const supplierName = `Week Kettles ${slug}`;
  const supplierEmail = `claims.${slug}@weekkettles.test`;
  const contactEmail = `anna.${slug}@weekkettles.test`;
  const product = `Kettle ${slug}`;
  const contexts: BrowserContext[] = [];

  try {
    // ── 1. The administrator invites a colleague; she sets a password on her phone. ──────────
    await loginPage.signInWithPassword(USERS.admin);
    await usersPage.goto();
    await usersPage.invite.click();
    const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
    await dialog.getByLabel(/^Email/).fill(colleagueEmail);
    await dialog.getByLabel(/^First name/).fill('Ines');
    await dialog.getByLabel(/^Last name/).fill(`Week ${slug}`);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${colleagueEmail}.`)).toBeVisible();
    const link = await setPasswordLinkTo(colleagueEmail);

    const phoneContext = await englishContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    contexts.push(phoneContext);
    const phone = await phoneContext.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
    await expect(phone.getByTestId('login-email')).toHaveText(colleagueEmail);
    const phoneLogin = new LoginPage(phone);
    await phoneLogin.newPassword.fill(colleaguePassword);
    await phoneLogin.repeatPassword.fill(colleaguePassword);
    await snap(phone, 'phone-1-set-password.png');
    await phone.getByRole('button', { name: 'Save and sign in' }).click();
    // A fresh browser loads the whole app's code now.
    await expect(phone).toHaveURL(/\/cases\/open\//, { timeout: 60_000 });
    await expect(phone.locator('#main-content')).toBeVisible();
    // Nothing on the phone is wider than the phone.
    expect(
      await phone.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return root.scrollWidth - root.clientWidth;
      }),
    ).toBe(0);
    await snap(phone, 'phone-2-signed-in.png');

    // ── 2. A claim for Kari; her mother mails in about it, with the case's tag. ──────────────
    const created = await callApi(page, 'POST', '/v2/api/claims', {
      workFlow: 'claim',
      customer: { name: `Kari Week ${slug}`, email: customerEmail, phone: '+47 934 56 789' },
      purchaseDate: '2026-08-02',
      orderReference: `ORD-${slug}`,
      items: [{ productName: product, sku: 'WK-1', quantity: 1, faultDescription: 'Leaks at the base' }],
    });
    expect(created.status).toBe(201);
    const { caseNumber } = created.body as { caseNumber: number };
    const tag = `[#${String(caseNumber)}]`;
    const caseLink = (p: Page) => p.getByRole('link', { name: `#${String(caseNumber)}`, exact: true });
    const caseHeading = (p: Page) =>
      p.getByRole('heading', { level: 1, name: `Case #${String(caseNumber)}` });
    const subject = `About the kettle of my daughter ${mark} ${tag}`;
    await sendToStore({
      from: { name: 'Berit Week', address: relativeEmail },
      subject,
      text: 'Hello, I bought the kettle for my daughter Kari. It leaks. Can you help?',
    });
    // A tag alone does not put a stranger's mail on a case (PRODUCT.md: the sender must already
    // take part in it): the mother's mail waits in Unmapped mails, with the case offered by its
    // number, and the administrator maps it there.
    const unmapped = new UnmappedPage(page);
    const triageRow = unmapped.row(subject);
    await expect(async () => {
      await unmapped.goto('inbox');
      await expect(triageRow).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 45_000, intervals: [1_000] });
    const suggestion = triageRow.getByRole('button', {
      name: new RegExp(`^Map to #${String(caseNumber)} \\(`),
    });
    await suggestion.click();
    await expect(unmapped.undoToast).toContainText(`Mapped to case #${String(caseNumber)}.`);
    await expect(triageRow).toHaveCount(0);

    const caseMails = new CaseMailsPage(page);
    // The case's page object waits 10 s for its tabs: longer here, on a machine this busy.
    await page.goto(`/cases/open/claim/${String(caseNumber)}?tab=mails`);
    await expect(caseHeading(page)).toBeVisible();
    await caseMails.expectOpen();
    await caseMails.conversation('Customer').click();
    const relativeMail = caseMails.mail(mark);
    await expect(relativeMail.getByTestId('mail-view')).toContainText('for my daughter Kari');

    // ── 3. The reply goes to the mother who wrote, not to the case's customer. ───────────────
    const compose = new ComposePage(page);
    await relativeMail.getByRole('button', { name: 'Reply', exact: true }).click();
    await compose.expectOpen();
    await expect(compose.form).toHaveAccessibleName(`Reply: ${subject}`);
    await expect(compose.chips).toHaveCount(1);
    await expect(compose.chips).toContainText(relativeEmail);
    await expect(compose.chips.filter({ hasText: customerEmail })).toHaveCount(0);
    // The customer is offered, never added by itself.
    const offer = compose.form.getByTestId('customer-offer');
    await expect(offer).toBeVisible();
    await expect(
      offer.getByRole('button', { name: `Also send to the customer (${customerEmail})` }),
    ).toBeVisible();
    const line = `We will send a new kettle to Kari this week. ${mark}`;
    await compose.typeLine(line);
    await compose.sendWithKeys();
    const waiting = page.getByTestId('waiting-mail');
    await waiting.getByRole('button', { name: 'Send now' }).click();
    await expect(waiting).toHaveCount(0);
    const reply = await sentMail(mark);
    const to = [reply.to].flat().flatMap((a) => a?.value ?? []);
    expect(to.map((a) => a.address?.toLowerCase())).toEqual([relativeEmail]);
    const cc = [reply.cc].flat().flatMap((a) => a?.value ?? []);
    expect(cc.map((a) => a.address?.toLowerCase())).not.toContain(customerEmail);
    expect(reply.text).toContain(line);

    // ── 4. Both edit the case at once: the desk saves first, the phone is warned and saves. ──
    const desk = new CasesPage(page);
    const mobile = new CasesPage(phone);
    await page.goto(`/cases/open/claim/${String(caseNumber)}`);
    await expect(caseHeading(page)).toBeVisible();
    await phone.goto(`/cases/open/claim/${String(caseNumber)}`);
    await expect(caseHeading(phone)).toBeVisible();
    const reference = `DESK-${slug}`;
    const phoneNumber = `+47 ${String(Date.now()).slice(-8)}`;
    await desk.field('Order reference').fill(reference);
    await mobile.field('Customer phone').fill(phoneNumber);
    await desk.save.click();
    await expect(page.getByText('The case was saved.')).toBeVisible();

    // Warned on the phone as soon as the other save arrives; what she typed stays.
    const notice = phone.getByTestId('merge-notice');
    await expect(notice).toContainText('Someone else saved this case while you were editing');
    await expect(mobile.field('Order reference')).toHaveValue(reference);
    await expect(mobile.field('Customer phone')).toHaveValue(phoneNumber);
    await notice.scrollIntoViewIfNeeded();
    await snap(phone, 'phone-3-merge-notice.png');
    await mobile.save.click();
    await expect(phone.getByText('The case was saved.')).toBeVisible();
    await expect(notice).toHaveCount(0);

    await phone.reload();
    await expect(mobile.field('Order reference')).toHaveValue(reference);
    await expect(mobile.field('Customer phone')).toHaveValue(phoneNumber);
    await snap(phone, 'phone-4-both-saved.png');
    await page.reload();
    await expect(desk.field('Order reference')).toHaveValue(reference);
    await expect(desk.field('Customer phone')).toHaveValue(phoneNumber);

    // ── 5. A supplier with a contact person; the contact sees the case once it is sent. ──────
    const suppliers = new SuppliersPage(page);
    await suppliers.goto();
    await suppliers.newSupplier.click();
    await suppliers.dialog.getByLabel('Name').fill(supplierName);
    await suppliers.dialog.getByLabel('Email', { exact: true }).fill(supplierEmail);
    await suppliers.dialog.getByRole('button', { name: 'Add contact person' }).click();
    await suppliers.dialog.getByRole('textbox', { name: 'Full name (1)' }).fill('Anna Week');
    await suppliers.dialog.getByRole('textbox', { name: 'Email (1)' }).fill(contactEmail);
    await suppliers.dialog.getByRole('button', { name: 'Create supplier' }).click();
    await expect(page.getByText(`${supplierName} was created`)).toBeVisible();

    // The supplier is chosen on the case and saved, but the case is not sent yet.
    const send = new SendToSupplierPage(page);
    await send.goto(caseNumber);
    await send.chooseSupplier(supplierName);
    await send.save.click();
    await expect(send.bar).toContainText(supplierName);

    // The contact person signs in with a one-time code (a browser of her own): no case yet.
    const contactContext = await englishContext(browser);
    contexts.push(contactContext);
    const contact = await contactContext.newPage();
    const contactLogin = new LoginPage(contact);
    await contactLogin.goto();
    const since = Date.now();
    await contactLogin.enterEmail(contactEmail);
    await contactLogin.otp.fill(await readOtpCode(contactEmail, since));
    await contactLogin.signIn.click();
    await expect(contact).toHaveURL('/cases/open/claim');
    const contactCases = new CasesPage(contact);
    await expect(contactCases.rows.first().or(contact.getByText('No open cases'))).toBeVisible();
    await expect(caseLink(contact)).toHaveCount(0);
    await contact.goto(`/cases/open/claim/${String(caseNumber)}`);
    // Told it is not there, as for any case she may not read.
    await expect(contact.getByRole('heading', { name: 'Case not found' })).toBeVisible();
    await expect(caseHeading(contact)).toHaveCount(0);
    await expect(contact.getByText(product)).toHaveCount(0);

    // Sent: now she sees it, in her list and opened.
    await send.goto(caseNumber);
    await send.openDialog();
    await send.dialog.getByLabel('Subject').fill(`Claim ${mark} supplier`);
    await send.dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText(`Case ${String(caseNumber)} was sent to ${supplierName}`)).toBeVisible();
    const toSupplier = await sentMail(`Claim ${mark} supplier`);
    expect([toSupplier.to].flat().flatMap((a) => a?.value.map((v) => v.address) ?? [])).toContain(
      supplierEmail,
    );

    await contactCases.gotoList('open', 'claim');
    // Hers alone: the one row, this case (its cell also shows who of the staff has it open).
    await expect(contactCases.rows).toHaveCount(1);
    await expect(caseLink(contact)).toBeVisible();
    await contact.goto(`/cases/open/claim/${String(caseNumber)}`);
    await expect(caseHeading(contact)).toBeVisible();
    await expect(contact.getByTestId('portal-claim')).toContainText(product);
  } finally {
    for (const context of contexts) await context.close();
  }
});
