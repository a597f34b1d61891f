import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** /settings/mail-templates: the list of templates and the editor with its preview. */
export class MailTemplatesPage {
  readonly rows: Locator;
  readonly newTemplate: Locator;
  readonly key: Locator;
  readonly subject: Locator;
  readonly body: Locator;
  readonly insertPlaceholder: Locator;
  readonly previewCase: Locator;
  readonly previewSubject: Locator;
  readonly previewFrame: FrameLocator;
  readonly back: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('template-row');
    this.newTemplate = page.getByRole('button', { name: 'New template' });
    this.key = page.getByRole('textbox', { name: /^Key/ });
    this.subject = page.getByRole('textbox', { name: /^Subject/ });
    this.body = page.getByRole('textbox', { name: /^Body/ });
    this.insertPlaceholder = page.getByRole('button', { name: 'Insert placeholder' });
    this.previewCase = page.getByRole('combobox', { name: 'Case' });
    this.previewSubject = page.getByTestId('preview-subject');
    this.previewFrame = page.frameLocator('iframe[title="Preview of the mail"]');
    this.back = page.getByRole('button', { name: 'All templates' });
    this.dialog = page.getByRole('dialog');
  }

  async goto() {
    await this.page.goto('/settings/mail-templates');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Mail templates' })).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  row(key: string): Locator {
    return this.page.locator(`[data-testid="template-row"][data-key="${key}"]`);
  }

  /** Opens a template's language from its row ("EN", "NR", ...). */
  async open(key: string, language: string) {
    await this.row(key)
      .getByRole('button', { name: new RegExp(`^Edit ${key} in ${language}`) })
      .click();
    await expect(this.subject).toBeVisible();
  }

  async insert(placeholder: string) {
    await this.insertPlaceholder.click();
    await this.page.getByRole('menuitem', { name: new RegExp(placeholder.replace('.', '\\.')) }).click();
  }

  save(label = 'Save changes'): Promise<void> {
    return this.page.getByRole('button', { name: label }).click();
  }
}
