import { expect, type Locator, type Page } from '@playwright/test';

export class ItemTypesPage {
  readonly rows: Locator;
  readonly newType: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('item-type-row');
    this.newType = page.getByRole('button', { name: 'New item type' });
    this.dialog = page.getByRole('dialog');
  }

  async goto() {
    await this.page.goto('/settings/claim-item-type');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Claim item types' })).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }

  async action(name: string, action: string) {
    await this.row(name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }
}
