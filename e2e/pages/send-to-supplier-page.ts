import { expect, type Locator, type Page } from '@playwright/test';

/** A case's supplier: its bar on the case page and the "Send to supplier" dialog. */
export class SendToSupplierPage {
  readonly bar: Locator;
  readonly sendButton: Locator;
  readonly dialog: Locator;
  readonly missing: Locator;
  readonly files: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.bar = page.getByTestId('case-supplier-bar');
    this.sendButton = this.bar.getByRole('button', { name: /Send to supplier/ });
    this.dialog = page.getByRole('dialog');
    this.missing = this.dialog.getByTestId('send-missing');
    this.files = this.dialog.getByTestId('send-files');
    this.save = page.getByRole('button', { name: 'Save changes' });
  }

  async goto(caseNumber: number, tab = 'details') {
    await this.page.goto(`/cases/open/claim/${String(caseNumber)}?tab=${tab}`);
    await expect(
      this.page.getByRole('heading', { level: 1, name: `Case #${String(caseNumber)}` }),
    ).toBeVisible({
      timeout: 20_000,
    });
  }

  /** Chooses the case's supplier in the form's searchable supplier field. */
  async chooseSupplier(name: string) {
    const field = this.page.getByRole('tabpanel').getByRole('combobox', { name: 'Supplier' });
    await field.click();
    await field.fill(name.slice(0, 12));
    await this.page.getByRole('option', { name, exact: true }).click();
  }

  async openDialog() {
    await this.sendButton.click();
    await expect(this.dialog.getByRole('button', { name: 'Send', exact: true })).toBeVisible({
      timeout: 20_000,
    });
  }
}
