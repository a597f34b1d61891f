import { expect, type Locator, type Page } from '@playwright/test';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** /messages/mail: the store's mails, the filters and search, and the reading pane beside them. */
export class InboxPage {
  readonly rows: Locator;
  readonly pane: Locator;
  readonly mailView: Locator;
  readonly search: Locator;
  readonly undoToast: Locator;
  readonly shortcuts: Locator;
  readonly loadMore: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('[data-testid^="mail-row-"]');
    this.pane = page.getByTestId('reading-pane');
    this.mailView = this.pane.getByTestId('mail-view');
    this.search = page.getByRole('searchbox', { name: 'Search mails' });
    this.undoToast = page.getByTestId('undo-toast');
    this.shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    this.loadMore = page.getByRole('button', { name: 'Load more' });
  }

  async goto(query = '') {
    await this.page.goto(`/messages/mail${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    // The first page (slow on a busy machine) or the empty state.
    await expect(this.page.getByTestId('mail-list-loading')).toHaveCount(0, { timeout: 20_000 });
  }

  /** A mail's row by its subject (the row is named "sender: subject"). */
  row(subject: string): Locator {
    return this.page.getByRole('article', { name: new RegExp(`: ${escape(subject)}$`) });
  }

  rowById(id: number): Locator {
    return this.page.getByTestId(`mail-row-${String(id)}`);
  }

  /** The mail ids of the rows shown, top to bottom. */
  async rowIds(): Promise<number[]> {
    const ids = await this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')));
    return ids.map((id) => Number(id?.replace('mail-row-', '')));
  }

  /** Opens a row's mail in the reading pane and waits until the whole mail is drawn there. */
  async open(row: Locator) {
    await row.click();
    await expect(row).toHaveAttribute('aria-current', 'true');
    await expect(this.mailView).toBeVisible();
  }

  /** The mail's unread mark: the row is bold with a dot until it is read. */
  isUnread(row: Locator) {
    return row.getAttribute('data-unread');
  }

  async undo() {
    await this.undoToast.getByRole('button', { name: 'Undo' }).click();
    await expect(this.undoToast).toBeHidden();
  }
}
