import { expect, type Locator, type Page } from '@playwright/test';

export class DashboardPage {
  readonly tiles: Locator;

  constructor(readonly page: Page) {
    this.tiles = page.locator('[data-testid^="tile-"]');
  }

  async goto() {
    await this.page.goto('/dashboard');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  }

  tile(key: string): Locator {
    return this.page.getByTestId(`tile-${key}`);
  }
}
