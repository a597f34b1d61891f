import { expect, type Locator, type Page } from '@playwright/test';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type TUnmappedTab = 'inbox' | 'sent' | 'drafts' | 'unparseable' | 'bin';

/** /unmapped-mails/all/{type}: the triage screen of the mails without a case. */
export class UnmappedPage {
  readonly rows: Locator;
  readonly pane: Locator;
  readonly undoToast: Locator;
  readonly picker: Locator;
  readonly shortcuts: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('[data-testid^="mail-row-"]');
    this.pane = page.getByTestId('reading-pane');
    this.undoToast = page.getByTestId('undo-toast');
    this.picker = page.getByRole('dialog', { name: 'Map to a case' });
    this.shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }

  async goto(tab: TUnmappedTab = 'inbox') {
    await this.page.goto(`/unmapped-mails/all/${tab}`);
    await this.expectTab(tab);
  }

  async expectTab(tab: TUnmappedTab) {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Unmapped mails' })).toBeVisible();
    await expect(this.tab(tab)).toHaveAttribute('aria-selected', 'true');
    await expect(this.page.getByTestId('mail-list-loading')).toHaveCount(0, { timeout: 20_000 });
  }

  tab(tab: TUnmappedTab): Locator {
    return this.page.getByTestId(`tab-${tab}`);
  }

  /** A mail's row by its subject (the row is named "sender: subject"). */
  row(subject: string): Locator {
    return this.page.getByRole('article', { name: new RegExp(`: ${escape(subject)}$`) });
  }

  /** The one-click "Map to #NNNNN (reason)" of a row for one case. */
  suggestion(row: Locator, caseId: number): Locator {
    return row.getByTestId(`suggestion-${String(caseId)}`);
  }

  async undo() {
    await this.undoToast.getByRole('button', { name: 'Undo' }).click();
    await expect(this.undoToast).toBeHidden();
  }
}
