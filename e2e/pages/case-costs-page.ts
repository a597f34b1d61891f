import type { Locator, Page } from '@playwright/test';

/** The costs tab of a case and the consumer-law block above the case's tabs. */
export class CaseCostsPage {
  readonly panel: Locator;
  readonly lineForm: Locator;
  readonly creditForm: Locator;
  readonly deadlines: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('case-costs');
    this.lineForm = page.getByTestId('cost-line-form');
    this.creditForm = page.getByTestId('credit-note-form');
    this.deadlines = page.getByTestId('consumer-deadlines');
  }

  async goto(caseNumber: number) {
    await this.page.goto(`/cases/open/claim/${String(caseNumber)}?tab=costs`);
  }

  total(name: 'gross' | 'expected' | 'credited' | 'unrecovered'): Locator {
    return this.page.getByTestId(`total-${name}`);
  }

  async addLine(amount: string, options: { paidBy?: string } = {}) {
    await this.lineForm.getByLabel('Amount', { exact: true }).fill(amount);
    if (options.paidBy) {
      await this.lineForm.getByLabel('Who pays', { exact: true }).click();
      await this.page.getByRole('option', { name: options.paidBy, exact: true }).click();
    }
    await this.lineForm.getByRole('button', { name: 'Add cost' }).click();
  }

  async openRates() {
    await this.panel.getByRole('button', { name: 'Exchange rates' }).click();
  }

  async addCreditNote(number: string, amount: string) {
    await this.creditForm.getByLabel('Credit note number').fill(number);
    await this.creditForm.getByLabel('Amount credited').fill(amount);
    await this.creditForm.getByRole('button', { name: 'Add credit note' }).click();
  }
}
