import { expect, type Locator, type Page } from '@playwright/test';

/** A case list (/cases/{type}/{workFlow}) and one case's detail. */
export class CasesPage {
  readonly rows: Locator;
  readonly skeletonRows: Locator;
  readonly search: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly pager: Locator;
  readonly newCase: Locator;
  readonly save: Locator;
  readonly archive: Locator;
  readonly reopen: Locator;
  readonly conflict: Locator;
  readonly header: Locator;
  readonly assigneeFilter: Locator;
  readonly itemTypeFilter: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('case-row');
    this.skeletonRows = page.getByTestId('case-row-skeleton');
    this.search = page.getByRole('searchbox', { name: 'Search' });
    this.next = page.getByRole('button', { name: 'Next' });
    this.previous = page.getByRole('button', { name: 'Previous' });
    this.pager = page.getByTestId('list-pager');
    this.newCase = page.getByRole('link', { name: 'New case' });
    this.save = page.getByRole('button', { name: 'Save changes' });
    this.archive = page.getByRole('button', { name: 'Archive', exact: true });
    this.reopen = page.getByRole('button', { name: 'Reopen' });
    this.conflict = page.getByTestId('conflict-alert');
    this.header = page.getByTestId('case-header');
    this.assigneeFilter = page.getByRole('combobox', { name: 'Assignee' });
    this.itemTypeFilter = page.getByRole('combobox', { name: 'Item type' });
    this.table = page.getByTestId('case-table');
  }

  async gotoList(type: 'open' | 'archive' = 'open', workFlow = 'claim', query = '') {
    await this.page.goto(`/cases/${type}/${workFlow}${query}`);
    // The list waits for its configuration documents and the first page; slow on a busy machine.
    await expect(this.rows.first()).toBeVisible({ timeout: 20_000 });
  }

  /** Picks an option of one of the list's filter selects. */
  async pickFilter(select: Locator, option: string) {
    await select.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Whether the table is wider than the room it has, so that it scrolls sideways. */
  async scrollsSideways(): Promise<boolean> {
    return this.table.evaluate((table) => {
      const scroller = table.closest('.mantine-ScrollArea-viewport') ?? table.parentElement;
      return scroller ? scroller.scrollWidth > scroller.clientWidth + 1 : false;
    });
  }

  /** The case numbers of the rows shown, as the list draws them (`#10042`). */
  async caseNumbers(): Promise<string[]> {
    return this.rows.locator('[data-column="caseNumber"]').allInnerTexts();
  }

  async openCase(caseNumber: string) {
    await this.page.getByRole('link', { name: caseNumber, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: `Case ${caseNumber}` })).toBeVisible();
  }

  field(label: string | RegExp): Locator {
    return this.page.getByRole('tabpanel').getByLabel(label).first();
  }

  /** The case's address under its current list type. */
  async caseId(): Promise<string> {
    const id = /\/(\d+)$/.exec(new URL(this.page.url()).pathname)?.[1];
    if (!id) throw new Error(`Not on a case: ${this.page.url()}`);
    return id;
  }
}
