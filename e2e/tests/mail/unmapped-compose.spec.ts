import { USERS } from '../../fixtures/env';
import { sendToStore, uniqueMark } from '../../fixtures/inbound-mail';
import { sentMail, sentMailsWith } from '../../fixtures/mail-out';
import { expect as baseExpect, test } from '../../fixtures/test';
import { ComposePage } from '../../pages/compose-page';
import { UnmappedPage } from '../../pages/unmapped-page';

// The server takes mail in and writes mail out on its own clock: slow on a busy machine, so wait longer.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('[MAIL]: an unmapped mail is answered without a case: the reply is kept as a draft, continued from Drafts, sent once and threaded', async ({
  page,
  loginPage,
}) => {
  const unmapped = new UnmappedPage(page);
  const compose = new ComposePage(page);
  await loginPage.signInWithPassword(USERS.agent);

  // Someone the store does not know writes, with no case number: the mail waits unmapped.
  const subject = uniqueMark('Question about opening hours');
  const address = `${subject.split(' ').at(-1) ?? 'someone'}@stranger.e2e.test`;
  const messageId = `<${subject.replace(/\W+/g, '.')}@stranger.e2e.test>`;
  await sendToStore({
    from: { name: 'Siri Stranger', address },
    subject,
    text: 'Are you open on Sunday?',
    messageId,
  });
  await expect(async () => {
    await unmapped.goto('inbox');
    await expect(unmapped.row(subject)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });

  // Reply opens the compose in a dialog, to the sender, with "Re:"; closing keeps the draft.
  await unmapped.row(subject).getByRole('button', { name: 'Reply' }).click();
  await compose.expectOpen();
  await expect(compose.form).toHaveAccessibleName(`Reply: ${subject}`);
  await expect(compose.chips).toHaveCount(1);
  await expect(compose.chips).toContainText(address);
  await expect(compose.subject).toHaveValue(`Re: ${subject}`);
  await expect(compose.template).toHaveCount(0);
  const line = `Yes, from 12 to 16. ${subject}`;
  await compose.typeLine(line);
  await compose.expectDraftSaved();
  await compose.close.click();
  await expect(compose.form).toBeHidden();

  // The draft is under Drafts, not under Sent; Continue writing brings back what was typed.
  await unmapped.tab('drafts').click();
  await unmapped.expectTab('drafts');
  const draftRow = unmapped.row(`Re: ${subject}`);
  await expect(draftRow).toBeVisible();
  await draftRow.getByRole('button', { name: 'Continue writing' }).click();
  await compose.expectOpen();
  await expect(compose.editor).toContainText(line);
  await compose.sendWithKeys();
  await expect(compose.undoToast).toContainText('Mail sent.');

  // It leaves once, after the undo window, answering the stranger's mail.
  const reply = await sentMail(subject);
  expect(reply.subject).toBe(`Re: ${subject}`);
  expect(reply.inReplyTo).toBe(messageId);
  expect(reply.text).toContain(line);
  expect(
    [reply.to]
      .flat()
      .flatMap((a) => a?.value ?? [])
      .map((a) => a.address),
  ).toEqual([address]);
  await unmapped.tab('drafts').click();
  await unmapped.expectTab('drafts');
  await expect(unmapped.row(`Re: ${subject}`)).toHaveCount(0);
  await unmapped.tab('sent').click();
  await unmapped.expectTab('sent');
  await expect(unmapped.row(`Re: ${subject}`)).toBeVisible();
  expect(await sentMailsWith(subject)).toHaveLength(1);
});

test('[MAIL]: New mail on the inbox writes to anyone without a case', async ({ page, loginPage }) => {
  const compose = new ComposePage(page);
  await loginPage.signInWithPassword(USERS.agent);
  await page.goto('/messages/mail');
  await page.getByRole('button', { name: 'New mail' }).click();
  await compose.expectOpen();
  await expect(compose.form).toHaveAccessibleName('New mail');
  const subject = uniqueMark('Your order is ready');
  await compose.to.fill('kunde@new.e2e.test');
  await compose.to.press('Enter');
  await expect(compose.chips).toHaveCount(1);
  await compose.subject.fill(subject);
  await compose.typeLine('You can pick it up at the counter.');
  await compose.sendWithKeys();
  const sent = await sentMail(subject);
  expect(
    [sent.to]
      .flat()
      .flatMap((a) => a?.value ?? [])
      .map((a) => a.address),
  ).toEqual(['kunde@new.e2e.test']);
  expect(sent.text).toContain('You can pick it up at the counter.');
  // A mail without a case carries no case tag.
  expect(sent.subject).toBe(subject);
});
