import { expect, type Locator, type Page } from '@playwright/test';

/** The supplier side of a case: the contact person's portal tab, and the staff's answer card. */
export class SupplierPortalPage {
  readonly claim: Locator;
  readonly answers: Locator;
  readonly answerForm: Locator;
  readonly messageForm: Locator;
  readonly staffCard: Locator;

  constructor(readonly page: Page) {
    this.claim = page.getByTestId('portal-claim');
    this.answers = page.getByTestId('portal-answers');
    this.answerForm = page.getByTestId('answer-form');
    this.messageForm = page.getByTestId('message-form');
    this.staffCard = page.getByTestId('supplier-answer-card');
  }

  async openCase(caseNumber: number) {
    await this.page.goto(`/cases/open/claim/${String(caseNumber)}`);
    await expect(
      this.page.getByRole('heading', { level: 1, name: `Case #${String(caseNumber)}` }),
    ).toBeVisible();
  }

  /** Answers the claim: outcome, and unless declined compensation, amount and credit note. */
  async answer(values: { outcome: string; mode: string; amount: string; creditNote: string; note: string }) {
    const form = this.answerForm;
    await form.getByText(values.outcome, { exact: true }).click();
    await form.getByRole('combobox', { name: 'Compensation' }).click();
    await this.page.getByRole('option', { name: values.mode, exact: true }).click();
    await form.getByRole('textbox', { name: /^Amount/ }).fill(values.amount);
    await form.getByRole('textbox', { name: 'Credit note number' }).fill(values.creditNote);
    await form.getByRole('textbox', { name: 'Note to the store' }).fill(values.note);
    await form.getByRole('button', { name: 'Send answer' }).click();
  }

  async writeMessage(text: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.messageForm.getByRole('textbox', { name: 'Message' }).fill(text);
    await this.messageForm.locator('input[type="file"]').setInputFiles(file);
    await this.messageForm.getByRole('button', { name: 'Send message' }).click();
  }
}
