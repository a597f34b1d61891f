import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../fixtures/env';

export class LoginPage {
  readonly email: Locator;
  readonly next: Locator;
  readonly password: Locator;
  readonly otp: Locator;
  readonly newPassword: Locator;
  readonly repeatPassword: Locator;
  readonly signIn: Locator;
  readonly error: Locator;
  readonly notice: Locator;
  readonly language: Locator;
  readonly forgotPassword: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.next = page.getByRole('button', { name: 'Next' });
    this.password = page.getByLabel(/^Password/);
    this.otp = page.getByLabel('One-time code');
    this.newPassword = page.getByLabel(/^New password/);
    this.repeatPassword = page.getByLabel(/^Repeat password/);
    this.signIn = page.getByRole('button', { name: 'Sign in' });
    this.error = page.getByTestId('login-error');
    this.notice = page.getByTestId('login-notice');
    this.language = page.getByTestId('language-picker');
    this.forgotPassword = page.getByRole('button', { name: 'Forgot password?' });
  }

  async goto() {
    await this.page.goto('/login');
    await expect(this.email).toBeVisible();
  }

  async enterEmail(email: string) {
    await this.email.fill(email);
    await this.next.click();
  }

  /** The whole password sign-in; waits until the shell shows a case list. */
  async signInWithPassword(email: string, password = DEMO_PASSWORD) {
    await this.goto();
    await this.enterEmail(email);
    await this.password.fill(password);
    await this.signIn.click();
    // The password's hash is checked on purpose slowly: on a busy machine it takes seconds.
    await expect(this.page).toHaveURL(/\/cases\/open\//, { timeout: 30_000 });
    // The address changes first; the login page stays on screen until the shell's code has loaded,
    // and its language picker has the same test id as the shell's. The shell's main content is
    // there on a desktop and on a phone (whose menu is in a closed drawer).
    await expect(this.page.locator('#main-content')).toBeVisible();
  }
}
