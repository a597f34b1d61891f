import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { mailOutDir } from '../fixtures/env';

/** /settings/mail-config: the store's mailboxes as cards, the add/edit dialog and the confirmations. */
export class MailConfigPage {
  readonly addAccount: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.addAccount = page.getByRole('button', { name: 'Add mail account' }).first();
    this.dialog = page.getByRole('dialog');
  }

  async goto() {
    await this.page.goto('/settings/mail-config');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Mail accounts' })).toBeVisible();
  }

  card(address: string): Locator {
    return this.page.getByRole('region', { name: address, exact: true });
  }

  status(address: string): Locator {
    return this.card(address).getByTestId('mailbox-status');
  }

  /** The dialog's field by its label; `index` picks the SMTP one of the labels both servers have. */
  field(label: string, index = 0): Locator {
    return this.dialog.getByLabel(new RegExp(`^${label}`)).nth(index);
  }

  /** Opens the add dialog on the kind of mailbox: 'IMAP and SMTP' or 'Forwarding'. */
  async openAdd(kind: 'IMAP and SMTP' | 'Forwarding') {
    await this.addAccount.click();
    // The segmented control's radio input is hidden under its label.
    await this.dialog.locator('label').filter({ hasText: kind }).click();
    await expect(this.dialog.getByRole('radio', { name: kind })).toBeChecked();
  }

  async action(address: string, action: string) {
    await this.card(address)
      .getByRole('button', { name: `Actions for ${address}` })
      .click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async remove(address: string) {
    await this.action(address, 'Delete');
    await this.dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(this.page.getByText(`${address} deleted.`)).toBeVisible();
    await expect(this.card(address)).toHaveCount(0);
  }
}

/**
 * The confirmation mail the server wrote to data/mail-out for `address` (it has no SMTP server in
 * the tests): its raw bytes and its code. Waits for it to be written.
 */
export async function readConfirmationMail(
  address: string,
  timeoutMs = 10_000,
): Promise<{ raw: string; code: string }> {
  const started = Date.now();
  const toLine = new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi');
  while (Date.now() - started < timeoutMs) {
    const dir = mailOutDir();
    const found = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => readFileSync(path.join(dir, f), 'utf8'))
          .find((raw) => toLine.test(raw) && /Confirmation code: [A-Z0-9]{8}/.test(raw))
      : undefined;
    const code = found && /Confirmation code: ([A-Z0-9]{8})/.exec(found)?.[1];
    if (found && code) return { raw: found, code };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No confirmation mail to ${address} in ${mailOutDir()}`);
}
