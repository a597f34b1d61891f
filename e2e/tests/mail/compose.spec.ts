import type { Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { listedOpenClaims, withOwnCustomer, type TCustomerCase } from '../../fixtures/case-list';
import { USERS } from '../../fixtures/env';
import { sentMail, sentMailsWith } from '../../fixtures/mail-out';
import { sendToStore, uniqueMark } from '../../fixtures/inbound-mail';
import { expect as baseExpect, test } from '../../fixtures/test';
import { CaseMailsPage } from '../../pages/case-mails-page';
import { ComposePage } from '../../pages/compose-page';
import { LoginPage } from '../../pages/login-page';

// The server takes mail in and writes mail out on its own clock: slow on a busy machine, so wait longer.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** The demo store's template for the claim workflow's mails to the customer (demo-mails.ts), by its name. */
const DEMO_TEMPLATE = 'Claim received';
/** Undo send waits 10 s: a mail undone must still not have left a little after that. */
const UNDO_WATCH_MS = 12_000;

/**
 * Open claims of the demo store with a customer of their own (withOwnCustomer) and no mail
 * waiting to leave, by case number.
 */
async function claimsWithCustomer(page: Page): Promise<TCustomerCase[]> {
  return withOwnCustomer(await listedOpenClaims(page))
    .filter((c) => c.sendPendingMailCount === 0)
    .sort((a, b) => a.caseNumber - b.caseNumber);
}

/** Picks one such claim; each test takes another, so that their threads stay apart. */
async function pickClaim(page: Page, index: number): Promise<TCustomerCase> {
  const claims = await claimsWithCustomer(page);
  const picked = claims[index % Math.max(claims.length, 1)];
  if (!picked) throw new Error('The demo data has no open claim with a customer email');
  return picked;
}

const referencesOf = (mail: ParsedMail): string[] =>
  typeof mail.references === 'string' ? [mail.references] : (mail.references ?? []);

/** A Message-ID of the customer's own mail program. */
const customerMessageId = (mark: string) => `<${mark.replace(/\W+/g, '.')}@customer.e2e.test>`;

/** Opens the case's mail tab, reloading until a mail that was just sent in has been taken in. */
async function openThreadWith(caseMails: CaseMailsPage, caseId: number, text: string) {
  await caseMails.goto('claim', caseId);
  await expect(async () => {
    await caseMails.conversation('Customer').click();
    await expect(caseMails.mail(text)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
}

test("[MAIL]: a customer's mail lands on the case, the agent replies with a template and an attachment, the reply leaves threaded and tagged, and the customer's answer threads back", async ({
  page,
  loginPage,
}) => {
  const caseMails = new CaseMailsPage(page);
  const compose = new ComposePage(page);
  await loginPage.signInWithPassword(USERS.agent);
  const claim = await pickClaim(page, 0);
  const tag = `[#${String(claim.caseNumber)}]`;

  // 1. The customer writes, with the case's tag in the subject.
  const mark = uniqueMark('Blender');
  const customerId = customerMessageId(mark);
  await sendToStore({
    from: { name: claim.customerName, address: claim.customerEmail },
    subject: `The blender smokes ${mark} ${tag}`,
    text: 'Hello, the blender I bought smokes when I switch it on.',
    messageId: customerId,
  });
  await openThreadWith(caseMails, claim.id, mark);
  const customerMail = caseMails.mail(mark);
  await expect(customerMail.getByTestId('mail-view')).toContainText('the blender I bought smokes');

  // 2. r answers the newest mail of the conversation: the customer's, to the customer.
  await page.keyboard.press('r');
  await compose.expectOpen();
  await expect(compose.form).toHaveAccessibleName(`Reply: The blender smokes ${mark} ${tag}`);
  await expect(compose.chips).toHaveCount(1);
  await expect(compose.chipsOf('customer')).toContainText(claim.customerEmail);

  // The demo store's template for claims fills the text with the case's values.
  await compose.chooseTemplate(DEMO_TEMPLATE);
  await expect(compose.editor).toContainText('Takk for at du tok kontakt med');
  await expect(compose.editor).toContainText(String(claim.caseNumber));
  await expect(compose.editor).not.toContainText('{{');
  const line = `We will send a new blender this week. ${mark}`;
  await compose.typeLine(line);
  const note = `Pickup note for case ${String(claim.caseNumber)}: ${mark}\n`;
  await compose.attach('pickup-note.txt', 'text/plain', Buffer.from(note));
  await compose.sendWithKeys();

  // Queued for its undo window: the toast offers Undo, the thread says when it leaves.
  await expect(compose.undoToast).toContainText('Mail sent.');
  const waiting = page.getByTestId('waiting-mail');
  await expect(waiting).toContainText('unless you undo it');
  await waiting.getByRole('button', { name: 'Send now' }).click();
  await expect(waiting).toHaveCount(0);

  const reply = await sentMail(mark);
  expect(reply.subject).toContain(mark);
  // The tag once: the answered subject had it already.
  expect(reply.subject?.split(tag)).toHaveLength(2);
  expect(reply.inReplyTo).toBe(customerId);
  expect(referencesOf(reply)).toContain(customerId);
  expect(reply.text).toContain(line);
  expect(reply.text).toContain('Takk for at du tok kontakt med');
  expect(reply.html || '').toContain(mark);
  const recipients = [reply.to].flat().flatMap((a) => a?.value ?? []);
  expect(recipients.map((a) => a.address?.toLowerCase())).toEqual([claim.customerEmail.toLowerCase()]);
  const attached = reply.attachments.find((a) => a.filename === 'pickup-note.txt');
  expect(attached?.content.toString('utf8')).toBe(note);
  const replyId = reply.messageId;
  if (!replyId) throw new Error('The reply has no Message-ID');

  // 3. The customer answers the reply; no tag in the subject: the headers alone thread it.
  const answerMark = uniqueMark('Blender thanks');
  await sendToStore({
    from: { name: claim.customerName, address: claim.customerEmail },
    subject: `Re: thanks ${answerMark}`,
    text: 'Thank you, this week suits me fine.',
    inReplyTo: replyId,
    references: [customerId, replyId],
  });
  await openThreadWith(caseMails, claim.id, answerMark);
  await expect(caseMails.mail(answerMark).getByTestId('mail-view')).toContainText('this week suits me fine');
});

test('[MAIL]: a draft is kept on the server: it survives a reload and shows in a second browser', async ({
  page,
  loginPage,
  browser,
}) => {
  const caseMails = new CaseMailsPage(page);
  const compose = new ComposePage(page);
  await loginPage.signInWithPassword(USERS.agent);
  const claim = await pickClaim(page, 1);
  await caseMails.goto('claim', claim.id);

  await compose.openNew('customer');
  await expect(compose.chipsOf('customer')).toContainText(claim.customerEmail);
  const subject = uniqueMark('Draft about the pickup');
  await compose.subject.fill(subject);
  const line = `The courier comes on Thursday between 8 and 12. ${subject}`;
  await compose.typeLine(line);
  await compose.expectDraftSaved();

  // After a reload the thread has the draft; "Continue writing" opens it with its text.
  await page.reload();
  await caseMails.expectOpen();
  await caseMails.conversation('Customer').click();
  const draft = caseMails.mail(subject);
  await expect(draft).toBeVisible();
  await draft.getByRole('button', { name: 'Continue writing' }).click();
  await compose.expectOpen();
  await expect(compose.subject).toHaveValue(subject);
  await expect(compose.editor).toContainText(line);
  await expect(compose.chipsOf('customer')).toContainText(claim.customerEmail);
  await compose.close.click();
  await expect(compose.form).toBeHidden();

  // Another browser, signed in as the same agent, sees it too.
  const other = await browser.newContext();
  try {
    await other.addInitScript(() => {
      if (window === window.top) localStorage.setItem('cd.language', 'en');
    });
    const otherPage = await other.newPage();
    await new LoginPage(otherPage).signInWithPassword(USERS.agent);
    const otherMails = new CaseMailsPage(otherPage);
    const otherCompose = new ComposePage(otherPage);
    await otherMails.goto('claim', claim.id);
    await otherMails.conversation('Customer').click();
    const otherDraft = otherMails.mail(subject);
    await expect(otherDraft).toBeVisible();
    await otherDraft.getByRole('button', { name: 'Continue writing' }).click();
    await otherCompose.expectOpen();
    await expect(otherCompose.editor).toContainText(line);
    await expect(otherCompose.subject).toHaveValue(subject);

    // Discarded there, it is gone here too.
    await otherCompose.discard.click();
    await expect(otherCompose.form).toBeHidden();
    await expect(otherDraft).toHaveCount(0);
  } finally {
    await other.close();
  }
  await page.reload();
  await caseMails.expectOpen();
  await expect(caseMails.mail(subject)).toHaveCount(0);
});

test('[MAIL]: Undo stops a sent mail from leaving and brings its compose back; sent again, it leaves once, tagged', async ({
  page,
  loginPage,
}) => {
  const caseMails = new CaseMailsPage(page);
  const compose = new ComposePage(page);
  await loginPage.signInWithPassword(USERS.agent);
  const claim = await pickClaim(page, 2);
  await caseMails.goto('claim', claim.id);

  // c writes a new mail to the customer.
  await page.keyboard.press('c');
  await compose.expectOpen();
  await expect(compose.chipsOf('customer')).toContainText(claim.customerEmail);
  const subject = uniqueMark('Undo me');
  await compose.subject.fill(subject);
  const line = `This sentence must not leave yet. ${subject}`;
  await compose.typeLine(line);
  await compose.sendWithKeys();

  await expect(compose.undoToast).toContainText('Mail sent.');
  await compose.undo();
  await compose.expectOpen();
  await expect(compose.subject).toHaveValue(subject);
  await expect(compose.editor).toContainText(line);
  await expect(page.getByTestId('waiting-mail')).toHaveCount(0);

  // Past the undo window nothing has left.
  const watchedFrom = Date.now();
  while (Date.now() - watchedFrom < UNDO_WATCH_MS) {
    expect(await sentMailsWith(subject)).toHaveLength(0);
    await page.waitForTimeout(1_000);
  }

  // Sent again and sent now: it leaves once, with the case's tag added to the subject.
  await compose.sendWithKeys();
  const waiting = page.getByTestId('waiting-mail');
  await waiting.getByRole('button', { name: 'Send now' }).click();
  await expect(waiting).toHaveCount(0);
  const sent = await sentMail(subject);
  expect(sent.subject).toBe(`${subject} [#${String(claim.caseNumber)}]`);
  expect(sent.text).toContain(line);
});
