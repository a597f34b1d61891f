import { expect, type Locator, type Page } from '@playwright/test';

export type TRecipientKind = 'customer' | 'supplier' | 'internal';

/**
 * Writing a mail on a case's mail tab: the thread's Reply / Reply to all / Forward and
 * "New mail", the compose form under the thread, and the undo toast and waiting bar of a sent mail.
 */
export class ComposePage {
  readonly form: Locator;
  readonly chips: Locator;
  readonly to: Locator;
  readonly subject: Locator;
  readonly template: Locator;
  readonly editor: Locator;
  readonly fileInput: Locator;
  readonly attachments: Locator;
  readonly send: Locator;
  readonly close: Locator;
  readonly discard: Locator;
  readonly draftStatus: Locator;
  readonly problem: Locator;
  readonly undoToast: Locator;
  readonly newMail: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId('compose-form');
    this.chips = this.form.getByTestId('recipient-chip');
    this.to = this.form.getByRole('textbox', { name: 'To', exact: true });
    this.subject = this.form.getByRole('textbox', { name: 'Subject', exact: true });
    this.template = this.form.getByLabel('Template', { exact: true });
    this.editor = this.form.getByTestId('mail-editor');
    this.fileInput = this.form.getByTestId('compose-file-input');
    this.attachments = this.form.getByTestId('compose-attachment');
    this.send = this.form.getByRole('button', { name: 'Send', exact: true });
    this.close = this.form.getByRole('button', { name: 'Close', exact: true });
    this.discard = this.form.getByRole('button', { name: 'Discard', exact: true });
    this.draftStatus = this.form.getByTestId('draft-status');
    this.problem = this.form.getByTestId('compose-problem');
    this.undoToast = page.getByTestId('undo-toast');
    this.newMail = page.getByRole('button', { name: 'New mail', exact: true });
  }

  /** The recipient chips of one kind (data-kind customer, supplier or internal). */
  chipsOf(kind: TRecipientKind): Locator {
    return this.chips.and(this.page.locator(`[data-kind="${kind}"]`));
  }

  /** The form is open and filled (the prefill has come: the editor is there). */
  async expectOpen() {
    await expect(this.form).toBeVisible();
    await expect(this.editor).toBeVisible({ timeout: 20_000 });
  }

  /** "New mail" → "To the customer" or "To a supplier". */
  async openNew(to: 'customer' | 'supplier') {
    await this.newMail.click();
    await this.page
      .getByRole('menuitem', { name: to === 'customer' ? 'To the customer' : 'To a supplier' })
      .click();
    await this.expectOpen();
  }

  /** Picks a template by its name; the form reads it from the server and fills the editor. */
  async chooseTemplate(name: string) {
    await this.template.click();
    await this.page.getByRole('option', { name, exact: true }).click();
    await expect(this.template).toHaveValue(name);
  }

  /** Types a line at the end of the editor's text, as a person does. */
  async typeLine(text: string) {
    await this.caretAtEnd();
    await this.page.keyboard.press('Enter');
    await this.page.keyboard.type(text);
    // A paragraph of its own at the end, whole (a bare toContainText passes a line split in two).
    await expect(this.editor.locator('> *').last()).toHaveText(text);
  }

  /**
   * Puts the caret at the end of the text through the editor's own command. A click or Ctrl+End
   * moves the page's selection, which ProseMirror reads a moment later: on a loaded machine an
   * Enter pressed right after split the text where the caret had been (the start, or the click).
   */
  async caretAtEnd() {
    await this.editor.evaluate((element) => {
      const { editor } = element as HTMLElement & {
        editor?: { commands: { focus: (at: 'end') => boolean } };
      };
      if (!editor) throw new Error('The mail editor has no Tiptap editor');
      editor.commands.focus('end');
    });
    // Tiptap moves the caret at once but focuses the page on the next frame: keys typed before
    // that go elsewhere.
    await expect(this.editor).toBeFocused();
  }

  /** Attaches a file through "Attach files"; waits until it is uploaded (its progress bar gone). */
  async attach(name: string, mimeType: string, buffer: Buffer) {
    await this.fileInput.setInputFiles({ name, mimeType, buffer });
    const row = this.attachments.filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByLabel(`Uploading ${name}`)).toHaveCount(0, { timeout: 20_000 });
  }

  /** Ctrl+Enter in the editor: the form checks and queues the mail, and closes. */
  async sendWithKeys() {
    await this.editor.focus();
    await this.page.keyboard.press('Control+Enter');
    await expect(this.form).toBeHidden({ timeout: 20_000 });
  }

  /** Waits for the autosave to report the draft as kept on the server. */
  async expectDraftSaved() {
    await expect(this.draftStatus).toContainText('Draft saved', { timeout: 20_000 });
  }

  async undo() {
    await this.undoToast.getByRole('button', { name: 'Undo' }).click();
  }
}
