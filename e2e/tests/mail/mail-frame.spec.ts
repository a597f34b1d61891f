import type { Locator, Page } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { makePng, sendToStore, uniqueMark } from '../../fixtures/inbound-mail';
import { expect as baseExpect, test } from '../../fixtures/test';
import { InboxPage } from '../../pages/inbox-page';

// Ingest is slow on a busy machine: wait longer for each step.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });
// No trace: its snapshots try a script in the mail's sandboxed frame.
test.use({ trace: 'off' });

/**
 * How the mail sits in its frame, read from the page (the frame runs no script): how far its
 * document scrolls inside the frame, and where its last line ends against the frame's height.
 */
const fit = (frame: Locator) =>
  frame.evaluate((element: HTMLIFrameElement) => {
    const doc = element.contentDocument;
    if (!doc)
      return { measurable: false, innerScroll: -1, lastBottom: -1, frameHeight: element.clientHeight };
    const root = doc.documentElement;
    const last = doc.body.lastElementChild?.getBoundingClientRect();
    return {
      measurable: true,
      innerScroll: root.scrollHeight - root.clientHeight,
      lastBottom: Math.ceil(last?.bottom ?? 0),
      frameHeight: element.clientHeight,
    };
  });

/** The whole mail shows in the frame: nothing scrolls inside it, the last line is not cut. */
const expectWholeMail = async (frame: Locator) => {
  await expect
    .poll(async () => {
      const f = await fit(frame);
      return f.measurable && f.innerScroll <= 0 && f.lastBottom <= f.frameHeight;
    })
    .toBe(true);
};

const openMail = async (page: Page, mail: { subject: string; html: string; attachments?: unknown[] }) => {
  const inbox = new InboxPage(page);
  await sendToStore({
    from: { name: 'Frame Tester', address: 'frame.tester@example.no' },
    subject: mail.subject,
    html: mail.html,
    ...(mail.attachments ? { attachments: mail.attachments as never } : {}),
  });
  await inbox.goto();
  const row = inbox.row(mail.subject);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await inbox.open(row);
  return inbox.mailView.getByTestId('mail-frame');
};

test('[MAIL]: a short mail with a blocked picture shows whole, before and after "Show images"', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.agent);
  const frame = await openMail(page, {
    subject: uniqueMark('Short with picture'),
    html:
      '<p>Hello, the picture of the damage is below.</p>' +
      '<img src="https://cdn.example.invalid/damage.jpg" alt="A picture of the damage to the left door of the fridge" width="420" height="260">' +
      '<p>Kind regards,<br>Frame Tester<br>Phone 400 00 000</p>' +
      '<p>The last line of the short mail.</p>',
  });
  await expectWholeMail(frame);
  await page.getByTestId('reading-pane').screenshot({ path: test.info().outputPath('short-1280.png') });
  const before = (await fit(frame)).frameHeight;
  // The guess was 121 px, with the rest behind a scroll bar nobody saw.
  expect(before).toBeGreaterThan(150);

  // The picture is asked for and refused (no such host): the frame follows the broken picture.
  await page.getByRole('button', { name: 'Show images' }).click();
  await expectWholeMail(frame);
});

test('[MAIL]: a template mail with a late picture keeps its last line, also on a phone', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.agent);
  const rows = Array.from(
    { length: 14 },
    (_, i) =>
      `<tr><td style="padding:8px;border-bottom:1px solid #ddd">Line ${String(i + 1)} of the order</td>` +
      `<td style="padding:8px;border-bottom:1px solid #ddd;text-align:right">${String(100 + i)},00 kr</td></tr>`,
  ).join('');
  const frame = await openMail(page, {
    subject: uniqueMark('Template mail'),
    html:
      '<table width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">' +
      '<table width="600" style="max-width:600px" cellpadding="0" cellspacing="0">' +
      '<tr><td><img src="cid:banner@frame" alt="Store banner"></td></tr>' +
      '<tr><td><h1 style="font-size:28px;margin:24px 0">Thank you for your order</h1></td></tr>' +
      `<tr><td><table width="100%">${rows}</table></td></tr>` +
      '<tr><td style="padding:24px 0;font-size:16px;line-height:1.8">We will write to you again when the order is on its way. ' +
      'Questions? Answer this mail and our staff will help you.</td></tr>' +
      '</table></td></tr></table>' +
      '<p>You are receiving this mail because you bought something in our store. Read about how we ' +
      'keep your data on our pages, or answer this mail to ask us anything about your order.</p>' +
      '<p style="font-size:12px;color:#666">The last line of the template mail.</p>',
    attachments: [
      { filename: 'banner.png', content: makePng(600, 240), contentType: 'image/png', cid: 'banner@frame' },
    ],
  });
  await expectWholeMail(frame);
  await page.getByTestId('reading-pane').screenshot({ path: test.info().outputPath('mail-frame-1280.png') });
  const wide = (await fit(frame)).frameHeight;

  // On a phone the lines wrap: the frame grows with them.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectWholeMail(frame);
  expect((await fit(frame)).frameHeight).toBeGreaterThan(wide);
  await page.screenshot({ path: test.info().outputPath('mail-frame-390.png') });
});
