import { expect, type Locator, type Page } from '@playwright/test';

export class SuppliersPage {
  readonly rows: Locator;
  readonly newSupplier: Locator;
  readonly importCsv: Locator;
  readonly exportCsv: Locator;
  readonly search: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('supplier-row');
    this.newSupplier = page.getByRole('button', { name: 'New supplier' });
    this.importCsv = page.getByRole('button', { name: 'Import CSV' });
    this.exportCsv = page.getByRole('button', { name: 'Export CSV' });
    this.search = page.getByRole('textbox', { name: 'Search suppliers' });
    this.dialog = page.getByRole('dialog');
  }

  async goto() {
    await this.page.goto('/suppliers');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeVisible();
    await expect(this.page).toHaveTitle('Suppliers · Claimdesk');
    await expect(this.rows.first()).toBeVisible();
  }

  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }
}
