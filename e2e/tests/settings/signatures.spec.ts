import { listedOpenClaims, withOwnCustomer } from '../../fixtures/case-list';
import { USERS } from '../../fixtures/env';
import { uniqueMark } from '../../fixtures/inbound-mail';
import { expect, test } from '../../fixtures/test';
import { CaseMailsPage } from '../../pages/case-mails-page';
import { ComposePage } from '../../pages/compose-page';
import { MailConfigPage } from '../../pages/mail-config-page';
import { SignatureDialog } from '../../pages/signature-dialog';

const DEMO_MAILBOX = 'support@demo-store.test';

test("[SIGNATURES]: the mailbox's and the agent's own signature open every new mail, in the store's language", async ({
  page,
  loginPage,
  shell,
}) => {
  test.setTimeout(120_000);
  const storeLine = uniqueMark('Demo Store, Storgata 1');
  const ownLine = uniqueMark('Hilsen Alex');
  const englishLine = uniqueMark('Regards, Alex');
  const dialog = new SignatureDialog(page);

  // The administrator writes the mailbox's signature in Norwegian, the demo store's language.
  await loginPage.signInWithPassword(USERS.admin);
  const config = new MailConfigPage(page);
  await config.goto();
  await config.action(DEMO_MAILBOX, 'Signature');
  await expect(dialog.dialog).toContainText(DEMO_MAILBOX);
  await dialog.write('Norsk', 'nr', storeLine);
  await dialog.save();
  await config.action(DEMO_MAILBOX, 'Signature');
  await dialog.tab('Norsk').click();
  await expect(dialog.editor('nr')).toHaveText(storeLine);
  await dialog.dialog.getByRole('button', { name: 'Cancel' }).click();

  // The agent writes their own, in Norwegian and in English, from their profile.
  await shell.logout.click();
  await expect(page).toHaveURL('/login');
  await loginPage.signInWithPassword(USERS.agent);
  await page.goto('/users');
  await page.getByTestId('my-profile').getByRole('button', { name: 'Signature' }).click();
  await dialog.write('Norsk', 'nr', ownLine);
  await dialog.write('English', 'en', englishLine);
  await expect(dialog.tab('Norsk')).toHaveText(/✓/);
  await dialog.save();

  // A new mail on a claim starts with an empty line, then the agent's signature, then the mailbox's.
  const [claim] = withOwnCustomer(await listedOpenClaims(page));
  if (!claim) throw new Error('The demo data has no open claim with a customer email');
  const caseMails = new CaseMailsPage(page);
  const compose = new ComposePage(page);
  await caseMails.goto('claim', claim.id);
  await compose.openNew('customer');
  await expect(compose.editor).toContainText(ownLine);
  await expect(compose.editor).toContainText(storeLine);
  await expect(compose.editor).not.toContainText(englishLine);
  const text = (await compose.editor.textContent()) ?? '';
  expect(text.indexOf(ownLine)).toBeLessThan(text.indexOf(storeLine));
  await expect(compose.editor.locator('> *').first()).toHaveText('');
  await compose.discard.click();
  await expect(compose.form).toBeHidden();

  // Cleared again, a new mail starts with the mailbox's signature alone.
  await page.goto('/users');
  await page.getByTestId('my-profile').getByRole('button', { name: 'Signature' }).click();
  await dialog.write('Norsk', 'nr', '');
  await dialog.write('English', 'en', '');
  await dialog.save();
  await caseMails.goto('claim', claim.id);
  await compose.openNew('customer');
  await expect(compose.editor).toContainText(storeLine);
  await expect(compose.editor).not.toContainText(ownLine);
  await compose.discard.click();

  // The administrator clears the mailbox's signature: the demo store is as it was.
  await shell.logout.click();
  await loginPage.signInWithPassword(USERS.admin);
  await config.goto();
  await config.action(DEMO_MAILBOX, 'Signature');
  await dialog.write('Norsk', 'nr', '');
  await dialog.save();
});
