import { createServer } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { ZListMailboxesResponse, ZMailbox } from '@claimdesk/contracts';
import { callApi } from '../../fixtures/api';
import { listedOpenClaims, withOwnCustomer } from '../../fixtures/case-list';
import { USERS } from '../../fixtures/env';
import { DEMO_MAILBOX, uniqueMark } from '../../fixtures/inbound-mail';
import { SmtpReceiver } from '../../fixtures/smtp-receiver';
import { expect as baseExpect, test } from '../../fixtures/test';
import { CaseMailsPage } from '../../pages/case-mails-page';
import { ComposePage } from '../../pages/compose-page';
import { LoginPage } from '../../pages/login-page';
import { readConfirmationMail } from '../../pages/mail-config-page';

// The outbox works on its own clock: slow on a busy machine, so wait longer.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const MAILBOXES = '/v2/api/settings/mailboxes';
/** What the provider answers at the end of DATA while it refuses: a permanent refusal. */
const REFUSAL = { code: 550, message: '5.7.1 Message refused by the e2e provider policy' };

/** A port on 127.0.0.1 where nothing answers: taken from the system, then let go. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });

/**
 * The demo store sends as its first enabled, proven mailbox: the demo forward mailbox, which
 * goes out through the system transport (files here). For these tests the store sends through a
 * mailbox of its own provider instead, a real SMTP server the test controls: the demo mailbox is
 * turned off meanwhile and turned on again afterwards.
 */
const receiver = new SmtpReceiver();
const sendingAddress = `resend-${Date.now().toString(36)}@provider.e2e.test`;
let sendingMailboxId: number | null = null;
let demoMailboxId: number | null = null;

/** Runs `work` as the demo store's administrator in a browser context of its own. */
async function asAdmin(browser: Browser, work: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(() => {
      if (window === window.top) localStorage.setItem('cd.language', 'en');
    });
    const page = await context.newPage();
    await new LoginPage(page).signInWithPassword(USERS.admin);
    await work(page);
  } finally {
    await context.close();
  }
}

test.beforeAll(async ({ browser }) => {
  const smtpPort = await receiver.start();
  const imapPort = await closedPort();
  await asAdmin(browser, async (page) => {
    const listed = await callApi(page, 'GET', MAILBOXES);
    expect(listed.status).toBe(200);
    const demo = ZListMailboxesResponse.parse(listed.body).find((m) => m.address === DEMO_MAILBOX);
    if (!demo) throw new Error(`The demo store has no mailbox ${DEMO_MAILBOX}`);
    demoMailboxId = demo.id;

    // Its IMAP side answers nothing (the fetch fails, which sending does not need).
    const created = await callApi(page, 'POST', MAILBOXES, {
      kind: 'imap-password',
      address: sendingAddress,
      imapHost: '127.0.0.1',
      imapPort,
      imapSecure: false,
      imapUser: sendingAddress,
      smtpHost: '127.0.0.1',
      smtpPort,
      smtpSecure: false,
      password: 'not-asked-for-1',
    });
    expect(created.status).toBe(201);
    sendingMailboxId = ZMailbox.parse(created.body).id;
    const { code } = await readConfirmationMail(sendingAddress);
    const proven = await callApi(page, 'POST', `${MAILBOXES}/${String(sendingMailboxId)}/verify`, { code });
    expect(ZMailbox.parse(proven.body).isVerified).toBe(true);
    const off = await callApi(page, 'PUT', `${MAILBOXES}/${String(demo.id)}/enabled`, { isEnabled: false });
    expect(off.status).toBe(200);
  });
});

test.afterAll(async ({ browser }) => {
  await asAdmin(browser, async (page) => {
    // The demo mailbox first: the other tests receive and send through it.
    if (demoMailboxId !== null)
      await callApi(page, 'PUT', `${MAILBOXES}/${String(demoMailboxId)}/enabled`, { isEnabled: true });
    if (sendingMailboxId !== null) {
      await callApi(page, 'PUT', `${MAILBOXES}/${String(sendingMailboxId)}/enabled`, { isEnabled: false });
      await callApi(page, 'DELETE', `${MAILBOXES}/${String(sendingMailboxId)}`);
    }
  });
  await receiver.stop();
});

/** An open claim with a customer of its own and no mail waiting to leave (the last such one). */
async function pickClaim(page: Page) {
  const claims = withOwnCustomer(await listedOpenClaims(page)).filter((c) => c.sendPendingMailCount === 0);
  const picked = claims.at(-1);
  if (!picked) throw new Error('The demo data has no open claim with a customer email');
  return picked;
}

test('[MAIL]: a mail the provider refuses shows its error on the case; Resend sends it once, with the same Message-ID', async ({
  page,
  loginPage,
}) => {
  const caseMails = new CaseMailsPage(page);
  const compose = new ComposePage(page);
  await loginPage.signInWithPassword(USERS.agent);
  const claim = await pickClaim(page);
  await caseMails.goto('claim', claim.id);

  // The agent writes to the customer and sends at once (past the undo window).
  await compose.openNew('customer');
  await expect(compose.chipsOf('customer')).toContainText(claim.customerEmail);
  const subject = uniqueMark('Refused at first');
  await compose.subject.fill(subject);
  const line = `Your replacement is on its way. ${subject}`;
  await compose.typeLine(line);
  receiver.refusal = REFUSAL;
  await compose.sendWithKeys();
  const waiting = page.getByTestId('waiting-mail');
  await waiting.getByRole('button', { name: 'Send now' }).click();
  await expect(waiting).toHaveCount(0);

  // The provider read the message and refused it with its own answer.
  await expect.poll(() => receiver.withSubject(subject).length).toBe(1);
  const [refused] = receiver.withSubject(subject);
  expect(refused?.isAccepted).toBe(false);
  const messageId = refused?.mail.messageId;
  expect(messageId).toMatch(/^<.+@.+>$/);

  // The thread says it failed, in the provider's words, and offers Resend.
  const mail = caseMails.mail(subject);
  const failure = mail.getByText(`${String(REFUSAL.code)} ${REFUSAL.message}`);
  await expect(async () => {
    if (!(await failure.isVisible())) {
      await page.reload();
      await caseMails.expectOpen();
      await caseMails.conversation('Customer').click();
    }
    await expect(failure).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await expect(failure).toContainText('Sending failed:');
  await expect(mail.getByText('Failed', { exact: true }).first()).toBeVisible();

  // The provider takes mail again; the agent resends.
  receiver.refusal = null;
  await mail.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('The mail is queued to be sent again.')).toBeVisible();

  // It arrives once: the same bytes' Message-ID, to the customer, from the store's mailbox.
  await expect.poll(() => receiver.withSubject(subject).filter((r) => r.isAccepted).length).toBe(1);
  const delivered = receiver.withSubject(subject).find((r) => r.isAccepted)?.mail;
  expect(delivered?.messageId).toBe(messageId);
  expect(delivered?.text).toContain(line);
  const recipients = [delivered?.to].flat().flatMap((a) => a?.value ?? []);
  expect(recipients.map((a) => a.address?.toLowerCase())).toEqual([claim.customerEmail.toLowerCase()]);
  expect(delivered?.from?.value[0]?.address).toBe(sendingAddress);

  // The thread shows it sent, with no Resend left; nothing more reached the provider.
  await expect(async () => {
    await page.reload();
    await caseMails.expectOpen();
    await caseMails.conversation('Customer').click();
    await expect(mail.getByText('Sent', { exact: true }).first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await expect(mail.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  await expect(failure).toHaveCount(0);
  expect(receiver.withSubject(subject).map((r) => [r.mail.messageId, r.isAccepted])).toEqual([
    [messageId, false],
    [messageId, true],
  ]);
});
