import { USERS } from '../../fixtures/env';
import { sendToStore, uniqueMark } from '../../fixtures/inbound-mail';
import { expect as baseExpect, test } from '../../fixtures/test';
import { InboxPage } from '../../pages/inbox-page';
import { UnmappedPage } from '../../pages/unmapped-page';

// The server takes the mail in, reads and zips attachments: slow on a busy machine, so wait longer.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('[MAIL]: keyboard triage', async ({ page, loginPage }) => {
  const inbox = new InboxPage(page);
  const unmapped = new UnmappedPage(page);
  await loginPage.signInWithPassword(USERS.agent);
  // Two new mails from strangers: the newest two of the inbox and of the unmapped list.
  const older = uniqueMark('Keys older');
  const newer = uniqueMark('Keys newer');
  await sendToStore({ from: 'Kari Tast <kari.tast@example.no>', subject: older, text: 'The first one.' });
  await sendToStore({ from: 'Kari Tast <kari.tast@example.no>', subject: newer, text: 'The second one.' });

  // Inbox: j and k move the cursor, Enter opens (and reads), u marks unread again.
  await inbox.goto();
  const newest = inbox.row(newer);
  const second = inbox.row(older);
  await expect(inbox.rows.first()).toHaveAccessibleName(`Kari Tast: ${newer}`);
  await expect(newest).toHaveAttribute('data-unread', 'true');
  await page.keyboard.press('j');
  await expect(newest).toHaveAttribute('data-active', 'true');
  await expect(newest).toBeFocused();
  await page.keyboard.press('j');
  await expect(second).toHaveAttribute('data-active', 'true');
  await expect(newest).not.toHaveAttribute('data-active');
  await page.keyboard.press('k');
  await expect(newest).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('Enter');
  await expect(newest).toHaveAttribute('aria-current', 'true');
  await expect(inbox.mailView.getByRole('heading', { name: newer })).toBeVisible();
  await expect(newest).not.toHaveAttribute('data-unread');
  await page.keyboard.press('u');
  await expect(newest).toHaveAttribute('data-unread', 'true');
  // Bold again: the sender's line is drawn at 700 while unread.
  await expect(newest.getByText('Kari Tast')).toHaveCSS('font-weight', '700');

  // / goes to the search (and is not typed into it), ? lists the shortcuts.
  await page.keyboard.press('/');
  await expect(inbox.search).toBeFocused();
  await expect(inbox.search).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(inbox.search).not.toBeFocused();
  await page.keyboard.press('?');
  await expect(inbox.shortcuts).toBeVisible();
  await expect(inbox.shortcuts.getByTestId('shortcuts')).toContainText('Mark unread');
  await page.keyboard.press('Escape');
  await expect(inbox.shortcuts).toBeHidden();

  // Unmapped: m opens the case picker on the mail under the cursor, # puts it in the bin.
  await unmapped.goto('inbox');
  const triageRow = unmapped.row(newer);
  await expect(unmapped.rows.first()).toHaveAccessibleName(`Kari Tast: ${newer}`);
  await page.keyboard.press('j');
  await expect(triageRow).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('m');
  await expect(unmapped.picker).toBeVisible();
  await expect(unmapped.picker.getByLabel('Find a case')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(unmapped.picker).toBeHidden();
  await page.keyboard.press('#');
  await expect(unmapped.undoToast).toContainText('Mail moved to the bin.');
  await expect(triageRow).toHaveCount(0);

  // The bin lists it; Restore brings it back to the unmapped inbox.
  await unmapped.tab('bin').click();
  await unmapped.expectTab('bin');
  const binned = unmapped.row(newer);
  await expect(binned).toBeVisible();
  await binned.getByRole('button', { name: 'Restore' }).click();
  await expect(unmapped.undoToast).toContainText('Mail restored.');
  await expect(binned).toHaveCount(0);
  await unmapped.tab('inbox').click();
  await unmapped.expectTab('inbox');
  await expect(unmapped.row(newer)).toBeVisible();
});

test('[MAIL]: the shortcuts button lists the keys, and is not offered on a phone', async ({
  page,
  loginPage,
}) => {
  const inbox = new InboxPage(page);
  await loginPage.signInWithPassword(USERS.agent);
  await inbox.goto();
  const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await button.click();
  await expect(inbox.shortcuts.getByTestId('shortcuts')).toContainText('Mark unread');
  await page.keyboard.press('Escape');
  await expect(inbox.shortcuts).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(button).toBeHidden();
});
