import { expect, type Locator, type Page } from '@playwright/test';

/** One case's mail tab (/cases/open/{workFlow}/{id}?tab=mails): a tab per kind of mail and the thread. */
export class CaseMailsPage {
  readonly thread: Locator;
  readonly mails: Locator;
  readonly timelineEntries: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.thread = page.getByTestId('thread-list');
    this.mails = page.getByTestId('thread-mail');
    this.timelineEntries = page.getByTestId('timeline-entry');
    this.empty = page.getByText('No mails on this case yet');
  }

  async goto(workFlow: string, caseId: number) {
    await this.page.goto(`/cases/open/${workFlow}/${String(caseId)}?tab=mails`);
    await this.expectOpen();
  }

  /** The case is open on its mail tab, and its thread (or, for a case without mail, the empty state) is drawn. */
  async expectOpen() {
    await expect(this.page).toHaveURL(/[?&]tab=mails/);
    await expect(this.page.getByRole('tab', { name: 'Mails', selected: true })).toBeVisible();
    await expect(this.thread.or(this.empty)).toBeVisible({ timeout: 20_000 });
  }

  /** The conversation tab of one kind of mail (Customer, Supplier, Internal). */
  conversation(name: 'Customer' | 'Supplier' | 'Internal'): Locator {
    return this.page.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  mail(text: string): Locator {
    return this.mails.filter({ hasText: text });
  }

  async openTimeline() {
    await this.page.getByRole('tab', { name: 'Timeline' }).click();
    await expect(this.timelineEntries.first()).toBeVisible();
  }
}
