import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { USERS } from '../../fixtures/env';
import { sendRawToStore } from '../../fixtures/inbound-mail';
import { expect as baseExpect, test } from '../../fixtures/test';
import { InboxPage } from '../../pages/inbox-page';

const root = path.resolve(import.meta.dirname, '../../..');
const corpusDir = [
  path.join(root, 'packages/server/test/fixtures/mail-corpus'),
  path.join(root, '../shared/testing/mail-corpus'),
].find((dir) => existsSync(dir));

// Ingest and the mail view are slow on a busy machine: wait longer for each step.
const expect = baseExpect.configure({ timeout: 30_000 });

// No trace here: its snapshots try a script in each mail's sandboxed frame, and the browser's
// "Blocked script execution in 'about:srcdoc'" would pass for a script of the mail.
test.use({ trace: 'off' });

const emlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();

test('[MAIL]: corpus mails run no script in the page', async ({ page, loginPage }) => {
  if (!corpusDir) throw new Error('No mail corpus: packages/server/test/fixtures/mail-corpus is missing');
  test.setTimeout(480_000);
  const inbox = new InboxPage(page);
  const dialogs: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  // Which mail was open when a dialog, an error or a console error came.
  let openId = 0;
  page.on('dialog', (dialog) => {
    dialogs.push(`mail ${String(openId)}: ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => pageErrors.push(`mail ${String(openId)}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error')
      consoleErrors.push(`mail ${String(openId)}: ${message.text()} (${message.location().url})`);
  });

  // The manager, whose inbox this long test fills.
  await loginPage.signInWithPassword(USERS.manager);
  await inbox.goto();
  const newestBefore = Math.max(0, ...(await inbox.rowIds()));

  const files = emlFiles(corpusDir);
  expect(files.length).toBeGreaterThan(50);
  const refused: string[] = [];
  for (const file of files) {
    await sendRawToStore(readFileSync(file)).catch((error: unknown) => {
      refused.push(`${path.relative(corpusDir, file)}: ${String(error)}`);
    });
  }
  expect(refused).toEqual([]);

  // Every stored corpus mail is newer than what the inbox showed: page until the older ones start.
  await inbox.goto();
  let ids = (await inbox.rowIds()).filter((id) => id > newestBefore);
  while ((await inbox.rowIds()).every((id) => id > newestBefore) && (await inbox.loadMore.isVisible())) {
    const shown = await inbox.rows.count();
    await inbox.loadMore.click();
    await expect.poll(() => inbox.rows.count()).toBeGreaterThan(shown);
    ids = (await inbox.rowIds()).filter((id) => id > newestBefore);
  }
  // Ingest stores a Message-ID once: a few corpus files share one.
  expect(ids.length).toBeGreaterThan(files.length * 0.8);

  const wide: string[] = [];
  for (const id of ids) {
    openId = id;
    const row = inbox.rowById(id);
    await row.click();
    await expect(row).toHaveAttribute('aria-current', 'true');
    // The whole mail, or the pane's own message when it cannot be read: never a blank pane.
    await expect(inbox.pane.getByTestId('mail-view').or(inbox.pane.getByRole('alert')).first()).toBeVisible();
    await expect(inbox.pane.locator('[aria-busy="true"]')).toHaveCount(0);
    const overflow = await page.evaluate(() => {
      const doc = document.scrollingElement ?? document.documentElement;
      const pane = document.querySelector('[data-testid="reading-pane"]');
      return {
        page: doc.scrollWidth - doc.clientWidth,
        pane: pane ? pane.scrollWidth - pane.clientWidth : 0,
      };
    });
    if (overflow.page > 0 || overflow.pane > 0)
      wide.push(`mail ${String(id)}: page +${String(overflow.page)} px, pane +${String(overflow.pane)} px`);
  }

  expect(wide, 'mails that make the page scroll sideways').toEqual([]);
  expect(dialogs, 'dialogs opened by a mail').toEqual([]);
  expect(pageErrors, 'script errors in the page').toEqual([]);
  expect(consoleErrors, 'console errors').toEqual([]);
});
