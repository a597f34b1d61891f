import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';

type TBus = {
  emit: (event: string, payload: unknown) => void;
  on: (event: string, h: (p: unknown) => void) => () => void;
};
declare global {
  interface Window {
    claimdeskEvents?: { draftEvents: TBus; preferenceEvents: TBus };
    draftLog?: unknown[];
  }
}

test('[POPUP]: a language change asks to save the preference, counts down and cancels', async ({
  page,
  loginPage,
  shell,
}) => {
  const savedLanguage = () =>
    page.evaluate(async () => {
      const res = await fetch('/v2/api/users/user-preference', {
        headers: {
          Authorization: `Bearer ${localStorage.getItem('cd.token') ?? ''}`,
          'X-TENANT-ID': localStorage.getItem('cd.storeName') ?? '',
        },
      });
      return ((await res.json()) as Record<string, unknown>).language;
    });
  await page.clock.install();
  await loginPage.signInWithPassword(USERS.agent);
  const before = await savedLanguage();
  // On a light screen: re-drawing a long case list in the new language can delay the pop-up.
  await page.goto('/users');
  await shell.expectLoaded();
  await shell.language.selectOption('da');
  const popup = page.getByTestId('preference-popup');
  const countdown = popup.getByTestId('countdown');
  await expect(popup).toBeVisible();
  // From here the page's clock moves only when the test moves it (the pop-up is up: its entrance
  // needed the clock), so each second counted is one the test ran.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
  // A tick that fell due in the pause is drawn before the count is read.
  await page.waitForTimeout(200);
  const start = Number(await countdown.textContent());
  expect(start).toBeGreaterThan(15);
  await page.clock.runFor(5_000);
  await expect(countdown).toHaveText(String(start - 5));
  // A second change restarts the countdown.
  await shell.language.selectOption('en');
  await expect(countdown).toHaveText('20');
  await page.clock.runFor(20_000);
  await page.clock.resume();
  await expect(popup).toBeHidden();
  // Nothing was saved: the preference is what it was before.
  expect(await savedLanguage()).toBe(before);
});

test('[POPUP]: confirming saves the preferences with the source toast', async ({
  page,
  loginPage,
  shell,
}) => {
  await loginPage.signInWithPassword(USERS.agent);
  await shell.language.selectOption('en');
  await page.getByTestId('preference-popup').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Preferences updated successfully')).toBeVisible();
  await expect(page.getByTestId('preference-popup')).toBeHidden();
});

test('[POPUP]: the draft pop-up keeps, deletes, and keeps on time-out', async ({ page, loginPage }) => {
  await page.clock.install();
  await loginPage.signInWithPassword(USERS.agent);
  await page.waitForFunction(() => window.claimdeskEvents !== undefined);
  await page.evaluate(() => {
    const bus = window.claimdeskEvents?.draftEvents;
    window.draftLog = [];
    bus?.on('SET_DRAFT', (p) => window.draftLog?.push(['SET', p]));
    bus?.on('DELETE_DRAFT', (p) => window.draftLog?.push(['DELETE', p]));
  });
  const emitSave = (payload: object) =>
    page.evaluate((p) => window.claimdeskEvents?.draftEvents.emit('SAVE_DRAFT', p), payload);
  const popup = page.getByTestId('draft-popup');

  await emitSave({ type: 'claim-chat', mailId: 11, body: 'Hello' });
  await expect(popup).toContainText('case conversation');
  await popup.getByRole('button', { name: 'Keep draft' }).click();
  await expect(popup).toBeHidden();

  await emitSave({ type: 'unmapped-compose', mailId: 12 });
  await popup.getByRole('button', { name: 'Delete draft' }).click();
  await expect(popup).toBeHidden();

  await emitSave({ type: 'unmapped-chat', body: 'Later' });
  await expect(popup).toBeVisible();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
  // A tick that fell due in the pause is drawn before the count is read.
  await page.waitForTimeout(200);
  const start = Number(await popup.getByTestId('countdown').textContent());
  expect(start).toBeGreaterThan(15);
  await page.clock.runFor(start * 1_000);
  await page.clock.resume();
  await expect(popup).toBeHidden();

  expect(await page.evaluate(() => window.draftLog)).toEqual([
    ['SET', { type: 'claim-chat', mailId: 11, body: 'Hello' }],
    ['DELETE', { type: 'unmapped-compose', mailId: 12 }],
    ['SET', { type: 'unmapped-chat', body: 'Later' }],
  ]);
});
