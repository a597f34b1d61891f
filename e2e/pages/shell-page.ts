import { expect, type Locator, type Page } from '@playwright/test';

export class ShellPage {
  readonly menu: Locator;
  readonly logout: Locator;
  readonly toggle: Locator;
  readonly profile: Locator;
  readonly language: Locator;

  constructor(readonly page: Page) {
    this.menu = page.getByRole('navigation', { name: 'Main menu' });
    this.logout = page.getByTestId('menu-logout');
    this.toggle = page.getByTestId('menu-toggle');
    this.profile = page.getByTestId('menu-profile');
    this.language = page.getByTestId('language-picker');
  }

  entry(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** Sets the system's colour scheme (emulated) and waits until the app, which follows it, shows it. */
  async followSystemScheme(colorScheme: 'light' | 'dark') {
    await this.page.emulateMedia({ colorScheme });
    await expect(this.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
  }

  async expectLoaded() {
    await expect(this.menu).toBeVisible();
  }

  /** The visible entries of the fixed menu, by test id. */
  async visibleEntries(): Promise<string[]> {
    const ids = [
      'menu-dashboard',
      'menu-inbox',
      'menu-suppliers',
      'menu-reports',
      'menu-settings',
      'menu-mail-config',
      'menu-mail-templates',
      'menu-store-configs',
      'menu-claim-item-type',
      'menu-users',
      'menu-support-preview',
    ];
    const shown: string[] = [];
    for (const id of ids) if (await this.page.getByTestId(id).isVisible()) shown.push(id);
    return shown;
  }
}
