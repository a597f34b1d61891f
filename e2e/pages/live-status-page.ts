import { expect, type Locator, type Page } from '@playwright/test';

/** The side menu's live parts: the inbox badges that events move, the offline mark, the socket's state. */
export class LiveStatusPage {
  readonly inboxBadge: Locator;
  readonly offlineMark: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.inboxBadge = page.getByTestId('menu-inbox').getByTestId('badge-inbox');
    this.offlineMark = page.getByTestId('offline-mark');
    this.status = page.getByTestId('live-status');
  }

  /** The menu's unread inbox count as shown (no badge: 0). */
  async inboxCount(): Promise<number> {
    if ((await this.inboxBadge.count()) === 0) return 0;
    const text = (await this.inboxBadge.textContent())?.trim() ?? '';
    return text === '99+' ? 100 : Number(text);
  }

  /** The socket signed in (the server said `ready`): from here on events reach the page. */
  async expectLive() {
    await expect(this.status).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  }
}
