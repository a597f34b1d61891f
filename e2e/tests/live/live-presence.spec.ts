import { listedOpenClaims, withOwnCustomer } from '../../fixtures/case-list';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { CaseMailsPage } from '../../pages/case-mails-page';
import { ComposePage } from '../../pages/compose-page';
import { InboxPage } from '../../pages/inbox-page';
import { LiveStatusPage } from '../../pages/live-status-page';
import { LoginPage } from '../../pages/login-page';

test.describe.configure({ timeout: 120_000 });

test('[LIVE]: two people on one case see each other, and who is writing', async ({
  page,
  browser,
  loginPage,
}) => {
  await loginPage.signInWithPassword(USERS.agent);
  const [claim] = withOwnCustomer(await listedOpenClaims(page));
  if (!claim) throw new Error('The demo data has no open claim with a customer email');

  const other = await browser.newContext();
  try {
    await other.addInitScript(() => {
      if (window === window.top) localStorage.setItem('cd.language', 'en');
    });
    const adminPage = await other.newPage();
    await new LoginPage(adminPage).signInWithPassword(USERS.admin);

    await new CaseMailsPage(page).goto('claim', claim.id);
    await new CaseMailsPage(adminPage).goto('claim', claim.id);
    await new LiveStatusPage(page).expectLive();
    await new LiveStatusPage(adminPage).expectLive();
    const agentSees = page.getByTestId('case-presence');
    const adminSees = adminPage.getByTestId('case-presence');
    await expect(agentSees).toHaveText('Also here: Ada Admin');
    await expect(adminSees).toHaveText('Also here: Alex Agent');

    // The admin starts a mail on the case: the agent sees that they are writing.
    await new ComposePage(adminPage).openNew('customer');
    await expect(agentSees).toHaveText('Also here: Ada Admin (writing)');
    // The agent opens a mail too: the reply box says who else is writing.
    await new ComposePage(page).openNew('customer');
    await expect(page.getByTestId('others-writing')).toContainText(
      'Also writing on this case now: Ada Admin',
    );

    // The agent's list (a fresh page: told at once who is where) shows the admin on the case's row.
    await page.goto('/cases/open/claim');
    const row = page.getByRole('row').filter({ hasText: `#${String(claim.caseNumber)}` });
    await expect(row.getByTestId('row-presence')).toHaveAttribute(
      'aria-label',
      'On this case now: Ada Admin (writing)',
    );

    // The admin leaves the case: nobody on it any more.
    await new InboxPage(adminPage).goto();
    await expect(row.getByTestId('row-presence')).toBeHidden();
  } finally {
    await other.close();
  }
});
