import { USERS } from '../../fixtures/env';
import { readOtpCode } from '../../fixtures/mail';
import { expect, test } from '../../fixtures/test';
import { CasesPage } from '../../pages/cases-page';

test('[CASES]: the one-time-code contact’s first screen asks nothing it may not, and names no staff', async ({
  page,
  loginPage,
  shell,
}) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/v2/') && [401, 403].includes(response.status()))
      refused.push(`${String(response.status())} ${response.url()}`);
  });
  const cases = new CasesPage(page);
  await loginPage.goto();
  const since = Date.now();
  await loginPage.enterEmail(USERS.contact);
  await loginPage.otp.fill(await readOtpCode(USERS.contact, since));
  await loginPage.signIn.click();
  await expect(page).toHaveURL('/cases/open/claim');
  await shell.expectLoaded();
  await expect(cases.rows.first()).toBeVisible();

  const assignees = cases.rows.locator('[data-column="assignee"]');
  await expect(assignees.first()).not.toBeEmpty();
  // Its cases are its supplier's sent ones; the store's staff are not named to a contact, by name
  // or by address (the staff list answers it 403, and it is not asked for).
  for (const name of await assignees.allInnerTexts()) {
    expect(name).not.toContain('@');
    expect(['Store staff', 'Unassigned']).toContain(name);
  }
  // A contact cannot create cases: no button that only leads to a refusal.
  await expect(page.getByRole('link', { name: 'New case' })).toHaveCount(0);

  // The case page too: the case by its number, its mails; nothing refused.
  await cases.openCase((await cases.caseNumbers())[0] ?? '');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  expect(refused).toEqual([]);
});
