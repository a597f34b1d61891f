import { expect, type Locator, type Page } from '@playwright/test';

export class UsersPage {
  readonly search: Locator;
  readonly rows: Locator;
  readonly newUser: Locator;
  readonly invite: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Search users' });
    this.rows = page.getByTestId('user-row');
    this.newUser = page.getByRole('button', { name: 'New user' });
    this.invite = page.getByRole('button', { name: 'Invite colleague' });
    this.dialog = page.getByRole('dialog');
  }

  async goto() {
    await this.page.goto('/users');
    await expect(this.page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  }

  row(username: string): Locator {
    return this.rows.filter({ hasText: username });
  }

  async openActions(username: string, action: string) {
    await this.row(username)
      .getByRole('button', { name: /Actions for/ })
      .click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }
}
