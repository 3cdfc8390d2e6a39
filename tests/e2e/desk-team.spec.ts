import type { components } from '@lead-desk/contract';
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { startSmtp, type TestSmtp } from '../../api/test/smtp.ts';
import { logIn, openAdmin, submitDemo, uniqueTag } from './admin-helpers.ts';
import { adminPassword } from './fixtures.ts';
import { startSpecServer, type SpecServer } from './spec-server.ts';

// A team as it starts (docs/operations.md#team-invitations, #roles, #deactivation), on a desk of its
// own: a real SMTP server (smtp-server) runs in this test's process, and a server of this spec's own
// (docs/testing.md#a-server-of-a-specs-own) sends its emails there; the shared e2e server has no
// SMTP_URL, as the other specs read held emails. The owner invites a member and a viewer from the
// Team page; each opens the link in the email received, in a browser of their own.

type S = components['schemas'];
const PASSWORD = 'a team member password';
/** The desk's first account: the owner. */
const OWNER = { username: 'owner', password: adminPassword };

const test = base.extend<object, { desk: { server: SpecServer; smtp: TestSmtp } }>({
  desk: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const smtp = await startSmtp();
      const server = await startSpecServer({
        SMTP_URL: smtp.url,
        ADMIN_USERNAME: OWNER.username,
        ADMIN_PASSWORD: OWNER.password,
      });
      await use({ server, smtp });
      await server.stop();
      await smtp.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ desk }, use) => use(desk.server.url),
});

async function invite(page: Page, smtp: TestSmtp, origin: string, email: string, role: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const row = page
    .getByRole('table', { name: 'Pending invitations' })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(row).toContainText(`Sent by ${OWNER.username}`);
  await expect(row.getByTestId('held-link')).toHaveCount(0);
  // The email as the SMTP server received it: to the invited address, with the link.
  await smtp.waitFor(1, 10_000, () => smtp.received.some((m) => m.to.includes(email)));
  const mail = smtp.received.find((m) => m.to.includes(email))!;
  expect(mail.to).toEqual([email]);
  expect(mail.mail.to).toMatchObject({ value: [{ address: email }] });
  expect(mail.mail.subject).toBe('You are invited to the TextFlow lead desk');
  expect(mail.mail.text).toContain(`as a ${role}`);
  // The link names PUBLIC_URL, which is this server's own origin.
  const link = /https?:\/\/\S+\/admin\/join#token=[A-Za-z0-9_-]+/.exec(mail.mail.text ?? '')?.[0];
  expect(link?.startsWith(`${origin}/admin/join#token=`), mail.mail.text).toBe(true);
  expect(mail.mail.html).toContain(`href="${link}"`);
  return link!;
}

/** Opens the invitation link in a browser of the invitee's own and joins; that tab stays open. */
async function join(browser: Browser, baseURL: string, link: string, email: string, username: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Join the lead desk' })).toBeVisible();
  // Bound to the address: another one is refused at its field.
  await page.getByLabel('Your email address').fill(`other-${email}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('This is not the address the invitation was sent to')).toBeVisible();
  await page.getByLabel('Your email address').fill(email);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

test('the owner invites a member and a viewer, both join; the member works a lead, the viewer sees it and can change nothing; a deactivated member is signed out on their next action; the audit log names who did each', async ({
  page,
  browser,
  request,
  baseURL,
  desk: { smtp },
}) => {
  // Three people in three browsers, each signing in once, and some forty steps: on slow machines
  // longer than a test's usual budget.
  test.slow();
  const tag = uniqueTag();
  const lead = await submitDemo(request, { name: `Team ${tag}`, email: `lead-${tag}@example.com` });
  const member = { email: `member-${tag}@example.com`, username: `member-${tag}` };
  const viewer = { email: `viewer-${tag}@example.com`, username: `viewer-${tag}` };

  await openAdmin(page);
  await logIn(page, OWNER.username, OWNER.password);
  await expect(page.getByText(`Logged in as: ${OWNER.username} (Owner)`)).toBeVisible();
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  const memberLink = await invite(page, smtp, baseURL!, member.email, 'Member');
  const viewerLink = await invite(page, smtp, baseURL!, viewer.email, 'Viewer');

  const memberPage = await join(browser, baseURL!, memberLink, member.email, member.username);
  await expect(memberPage.getByText(`Logged in as: ${member.username} (Member)`)).toBeVisible();
  const viewerPage = await join(browser, baseURL!, viewerLink, viewer.email, viewer.username);
  await expect(viewerPage.getByText(`Logged in as: ${viewer.username} (Viewer)`)).toBeVisible();

  // The member works a lead: takes it, writes a note and changes its status.
  const me = (await (await memberPage.request.get('/api/team/members')).json()) as {
    members: S['TeamMember'][];
  };
  const memberId = me.members.find((m) => m.username === member.username)!.id;
  await memberPage.goto(`/admin/demos/${lead.id}`);
  await expect(memberPage.getByTestId('assignee')).toHaveText('Nobody');
  await memberPage.getByRole('button', { name: 'Assign to me' }).click();
  await expect(memberPage.getByTestId('assignee')).toHaveText(member.username);
  const note = `Called ${tag}: wants a demo for the sales team.`;
  await memberPage.getByRole('textbox', { name: 'Note' }).fill(note);
  await memberPage.getByRole('button', { name: 'Add note' }).click();
  await expect(memberPage.getByTestId('lead-history').getByTestId('note')).toContainText(
    `by ${member.username}`,
  );
  await memberPage.getByLabel(`Status of Team ${tag}`).selectOption('confirmed');
  await expect(memberPage.getByTestId('status').first()).toHaveText('confirmed');

  // The viewer sees all of it, and no control that changes the lead.
  await viewerPage.goto(`/admin/demos/${lead.id}`);
  await expect(viewerPage.getByTestId('lead-history').getByTestId('note')).toContainText(note);
  await expect(viewerPage.getByTestId('status').first()).toHaveText('confirmed');
  await expect(viewerPage.getByTestId('assignee')).toHaveText(member.username);
  await expect(viewerPage.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await expect(viewerPage.getByRole('combobox')).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Add note' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Delete note' })).toHaveCount(0);

  // A link works once, and says so plainly.
  const again = await browser.newPage();
  await again.goto(memberLink);
  await expect(again.getByText('This invitation has been accepted already.')).toBeVisible();
  await again.close();

  // The viewer reads the team and changes nothing: no Team link for managing, no role to pick, no button.
  await expect(viewerPage.getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);
  await viewerPage.goto('/admin/team');
  const team = viewerPage.getByRole('table', { name: 'Team members' });
  await expect(
    team
      .getByRole('row')
      .filter({ has: viewerPage.getByRole('cell', { name: member.username, exact: true }) }),
  ).toContainText('Member');
  await expect(team.getByRole('button')).toHaveCount(0);
  await expect(team.getByRole('combobox')).toHaveCount(0);
  await expect(viewerPage.getByRole('form', { name: 'Invite someone' })).toHaveCount(0);

  // The owner sees both, and deactivates the member.
  await page.reload();
  const members = page.getByRole('table', { name: 'Team members' });
  await expect(
    members.getByRole('row').filter({ has: page.getByRole('cell', { name: viewer.username, exact: true }) }),
  ).toContainText(viewer.email);
  await page.getByRole('button', { name: `Deactivate ${member.username}` }).click();
  await expect(
    members.getByRole('row').filter({ has: page.getByRole('cell', { name: member.username, exact: true }) }),
  ).toContainText('Deactivated');

  // The member's open tab: its next action finds the session gone.
  await memberPage.getByRole('button', { name: 'Refresh' }).click();
  await expect(memberPage).toHaveURL(/\/admin\/login/);
  await expect(memberPage.getByText('Session expired')).toBeVisible();
  await memberPage.context().close();
  await viewerPage.context().close();

  // The audit log: each step with its actor.
  const ids = async <T>(path: string, key: string) =>
    ((await (await page.request.get(path)).json()) as Record<string, T[]>)[key]!;
  const accounts = await ids<S['TeamMember']>('/api/team/members', 'members');
  expect(accounts.find((m) => m.id === memberId)).toMatchObject({ active: false, assignedLeads: 1 });
  const rows = page.getByRole('table', { name: 'Audit entries' }).getByRole('row');
  await page.goto(`/admin/audit?targetType=account&targetId=${memberId}`);
  await expect(rows.filter({ hasText: 'Account deactivated' })).toContainText(OWNER.username);
  await page.goto(`/admin/audit?targetType=demo&targetId=${lead.id}`);
  for (const action of ['Assignee changed', 'Note written', 'Status changed'])
    await expect(rows.filter({ hasText: action })).toContainText(member.username);
  const entries = await (await page.request.get(`/api/audit-entries?action=team-invitation.accepted`)).json();
  const accepted = (entries as { entries: S['AuditEntry'][] }).entries.filter((e) =>
    [member.username, viewer.username].includes(e.actor.username ?? ''),
  );
  expect(accepted.map((e) => e.actor.username).sort()).toEqual([member.username, viewer.username].sort());
  for (const e of accepted) {
    await page.goto(`/admin/audit?targetType=team-invitation&targetId=${e.target!.id}`);
    await expect(rows.filter({ hasText: 'Team invitation sent' })).toContainText(OWNER.username);
    await expect(rows.filter({ hasText: 'Team invitation accepted' })).toContainText(e.actor.username!);
  }
});
