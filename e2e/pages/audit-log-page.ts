import { expect, type Locator, type Page } from '@playwright/test';

/** /settings/audit-log: the store's audit log with its filters, details and CSV download. */
export class AuditLogPage {
  readonly entries: Locator;
  readonly action: Locator;
  readonly actor: Locator;
  readonly target: Locator;
  readonly exportCsv: Locator;

  constructor(readonly page: Page) {
    this.entries = page.getByTestId('audit-entry');
    this.action = page.getByRole('combobox', { name: 'Action', exact: true });
    this.actor = page.getByRole('textbox', { name: 'Who' });
    this.target = page.getByRole('textbox', { name: 'Target' });
    this.exportCsv = page.getByRole('button', { name: 'Download CSV' });
  }

  async goto() {
    await this.page.goto('/settings/audit-log');
    await this.expectOpen();
  }

  async expectOpen() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(this.entries.first()).toBeVisible();
  }

  /** Picks an action in the filter by its words. */
  async filterByAction(words: string) {
    await this.action.click();
    await this.page.getByRole('option', { name: words, exact: true }).click();
  }

  entry(text: string): Locator {
    return this.entries.filter({ hasText: text });
  }
}
