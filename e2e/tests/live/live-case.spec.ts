import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { CasesPage } from '../../pages/cases-page';
import { LiveStatusPage } from '../../pages/live-status-page';
import { LoginPage } from '../../pages/login-page';

test.describe.configure({ timeout: 120_000 });

test('[LIVE]: a case saved by one person changes on the other’s open case page without a reload', async ({
  page,
  browser,
  loginPage,
}) => {
  const cases = new CasesPage(page);
  await loginPage.signInWithPassword(USERS.admin);
  await cases.gotoList('open', 'claim');
  const number = (await cases.caseNumbers())[5] ?? '';
  await cases.openCase(number);
  const url = page.url();

  const other = await browser.newContext();
  try {
    await other.addInitScript(() => {
      if (window === window.top) localStorage.setItem('cd.language', 'en');
    });
    const otherPage = await other.newPage();
    await new LoginPage(otherPage).signInWithPassword(USERS.manager);
    await otherPage.goto(url);
    await new LiveStatusPage(page).expectLive();
    await new LiveStatusPage(otherPage).expectLive();
    let reloads = 0;
    page.on('framenavigated', (frame) => (reloads += frame === page.mainFrame() ? 1 : 0));

    const theirs = `LIVE-${Date.now().toString(36)}`;
    const otherCases = new CasesPage(otherPage);
    await otherCases.field('Order reference').fill(theirs);
    await otherCases.save.click();
    await expect(otherPage.getByText('The case was saved.')).toBeVisible();

    await expect(cases.field('Order reference')).toHaveValue(theirs);
    expect(reloads).toBe(0);
    // Nothing was edited here: the page took the new version, so a change saves without a conflict.
    await cases.field('Customer name').fill('Live AS');
    await cases.save.click();
    await expect(page.getByText('The case was saved.')).toBeVisible();
    await expect(cases.conflict).toBeHidden();
  } finally {
    await other.close();
  }
});
