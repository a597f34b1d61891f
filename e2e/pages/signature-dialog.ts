import { expect, type Locator, type Page } from '@playwright/test';

/** The signature dialog (a person's own from /users, a mailbox's from /settings/mail-config). */
export class SignatureDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  editor(language: 'en' | 'nr' | 'da' | 'de'): Locator {
    return this.dialog.getByTestId(`signature-editor-${language}`);
  }

  tab(name: 'English' | 'Norsk' | 'Dansk' | 'Deutsch'): Locator {
    return this.dialog.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  /** Replaces the text of one language's signature with `text`, typed as a person does. */
  async write(tab: 'English' | 'Norsk', language: 'en' | 'nr', text: string) {
    await this.tab(tab).click();
    const editor = this.editor(language);
    await editor.focus();
    // ProseMirror puts its selection back 20 ms after focus: let that pass before selecting all.
    await editor.evaluate(() => new Promise((resolve) => setTimeout(resolve, 60)));
    await this.page.keyboard.press('Control+A');
    await this.page.keyboard.press('Delete');
    if (text) await this.page.keyboard.type(text);
    await expect(editor).toHaveText(text);
  }

  async save() {
    await this.dialog.getByRole('button', { name: 'Save signature' }).click();
    await expect(this.page.getByText('Signature saved')).toBeVisible();
    await expect(this.dialog).toBeHidden();
  }
}
