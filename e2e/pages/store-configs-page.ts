import { expect, type Locator, type Page } from '@playwright/test';

/** /settings/store-configs: the document list, the JSON editor and its review and reset dialogs. */
export class StoreConfigsPage {
  readonly editor: Locator;
  readonly json: Locator;
  readonly problems: Locator;
  readonly review: Locator;
  readonly reset: Locator;
  readonly dialog: Locator;
  readonly diff: Locator;
  readonly storedInfo: Locator;
  readonly conflict: Locator;

  constructor(readonly page: Page) {
    this.editor = page.getByTestId('config-editor');
    this.json = page.getByRole('textbox', { name: 'Document (JSON)' });
    this.problems = page.getByTestId('config-problems');
    this.review = page.getByTestId('config-review');
    this.reset = page.getByTestId('config-reset');
    this.dialog = page.getByRole('dialog');
    this.diff = page.getByTestId('diff-view');
    this.storedInfo = page.getByTestId('config-stored-info');
    this.conflict = page.getByTestId('config-conflict');
  }

  async goto(doc?: string) {
    await this.page.goto(`/settings/store-configs${doc ? `?doc=${encodeURIComponent(doc)}` : ''}`);
    await expect(this.page.getByRole('heading', { name: 'Store configuration', level: 1 })).toBeVisible();
    await expect(this.editor).toBeVisible();
  }

  entry(name: string): Locator {
    return this.page.getByTestId(`doc-${name}`);
  }

  /** Where the store's value of a document comes from, as the list shows it: store, company or default. */
  sourceOf(name: string): Locator {
    return this.entry(name).getByTestId('source-badge');
  }

  async open(name: string) {
    await this.entry(name).click();
    await expect(this.editor).toHaveAttribute('data-document', name);
  }

  async currentValue(): Promise<unknown> {
    return JSON.parse(await this.json.inputValue()) as unknown;
  }

  async write(value: unknown) {
    await this.json.fill(typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  }

  /** Review the changes, check the diff, save, and wait for the saved toast. */
  async reviewAndSave() {
    await this.review.click();
    await expect(this.dialog).toBeVisible();
    await expect(this.diff).toBeVisible();
    await this.dialog.getByTestId('config-save').click();
    await expect(this.dialog).toBeHidden();
  }

  async resetToFallback() {
    await this.reset.click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByTestId('config-reset-confirm').click();
    await expect(this.dialog).toBeHidden();
  }
}
