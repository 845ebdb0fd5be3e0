import assert from 'node:assert/strict';
import { test } from 'node:test';
import { es } from '../dashboard/src/i18n/es.ts';
import { useDashboard } from './support/fixture.ts';
import { shoot } from './support/screens.ts';
import { createProfile, fillInvoice, goTo, PASSWORD, signManifest, signUp } from './support/flows.ts';
import { hasSat } from './support/sat.ts';

const app = useDashboard();

test('an owner invites an accountant, who joins from the link, sees the data, and is shown no action its role cannot perform (the API refuses them too)', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const owner = await app.newPage();
  await signUp(owner.page, app.base, { email: `owner-${Date.now()}@example.com`, organization: 'Contadores Kemper' });
  await createProfile(owner.page);
  await signManifest(owner.page);
  await fillInvoice(owner.page, '100.00');
  await owner.page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await owner.page.getByRole('heading', { level: 1, name: /^Factura / }).waitFor();
  const invoiceUrl = owner.page.url();

  // The owner invites; the link is e-mailed to the invitee and shown once, to copy.
  const accountantEmail = `contador-${Date.now()}@example.com`;
  await goTo(owner.page, es['nav.team']);
  await owner.page.getByRole('button', { name: es['team.invite'], exact: true }).click();
  await owner.page.getByLabel(es['team.email'], { exact: true }).fill(accountantEmail);
  await owner.page.getByLabel(es['team.role'], { exact: true }).selectOption('accountant');
  await owner.page.getByRole('button', { name: es['team.inviteSubmit'] }).click();
  const link = await owner.page.getByLabel(es['team.linkLabel']).inputValue();
  assert.match(link, /\/dashboard\/invitation#token=[A-Za-z0-9_-]{43}$/);
  await owner.page.getByTestId('invitation-row').first().waitFor();
  await shoot(owner.page, 'team-members-invited', { overflow: false });

  // The invitee opens the link signed out, sees what it offers, and creates the account.
  const accountant = await app.newPage();
  await accountant.page.goto(link);
  await accountant.page.getByTestId('invitation').waitFor();
  assert.ok(await accountant.page.getByText(accountantEmail).isVisible());
  assert.ok(!accountant.page.url().includes('token='), 'the token leaves the address bar');
  await shoot(accountant.page, 'team-invitation', { overflow: false });
  await accountant.page.getByLabel(es['field.password']).fill(PASSWORD);
  await accountant.page.getByRole('button', { name: es['invitation.signUpSubmit'] }).click();
  await accountant.page.getByRole('heading', { level: 1, name: es['home.title'] }).waitFor();
  await goTo(accountant.page, es['nav.invoices']);
  assert.equal(await accountant.page.getByTestId('org-name').textContent(), 'Contadores Kemper');

  // It sees the organization's data: the draft invoice.
  await accountant.page
    .getByText(/UNIVERSIDAD ROBOTICA ESPAÑOLA/)
    .first()
    .waitFor();
  await accountant.page.goto(invoiceUrl);
  await accountant.page.getByRole('heading', { level: 1, name: /^Factura / }).waitFor();
  await accountant.page.getByText(es['invoices.status.draft'], { exact: true }).waitFor();
  await shoot(accountant.page, 'team-accountant-invoice', { overflow: false });

  // No action its role cannot perform is shown, on any page: only reads and downloads remain.
  const hidden = async (where: string, names: string[]) => {
    for (const name of names) {
      assert.equal(await accountant.page.getByRole('button', { name, exact: true }).count(), 0, `${where}: button «${name}»`);
      assert.equal(await accountant.page.getByRole('link', { name, exact: true }).count(), 0, `${where}: link «${name}»`);
    }
  };
  await hidden('invoice', [es['invoices.stamp'], es['invoices.edit'], es['invoices.deleteDraft'], es['invoices.duplicate'], es['email.sendSubmit']]);
  // The API still refuses what the page no longer offers, with the role's code.
  const refused = await accountant.page.evaluate(async (id) => {
    const session = (await (await fetch('/dashboard/api/session')).json()) as { csrf_token: string; permissions: string[] };
    const response = await fetch(`/v1/invoices/${id}/stamp`, { method: 'POST', headers: { 'X-CSRF-Token': session.csrf_token } });
    return { status: response.status, code: ((await response.json()) as { code: string }).code, permissions: session.permissions };
  }, invoiceUrl.split('/').at(-1)!);
  assert.deepEqual(refused, { status: 403, code: 'dashboard.forbidden_role', permissions: ['read'] });

  await goTo(accountant.page, es['nav.invoices']);
  await accountant.page
    .getByText(/UNIVERSIDAD ROBOTICA ESPAÑOLA/)
    .first()
    .waitFor();
  await hidden('invoices', [es['invoices.create']]);
  await goTo(accountant.page, es['nav.fiscalProfiles']);
  await accountant.page.locator('tbody tr').first().waitFor();
  await hidden('profiles', [es['profiles.create']]);
  await accountant.page.locator('tbody tr a').first().click();
  await accountant.page.getByTestId('sync').waitFor();
  await hidden('profile', [es['downloads.create'], es['profiles.uploadFiel'], es['profiles.saveBranding'], es['sync.enable'], es['sync.disable']]);
  await shoot(accountant.page, 'team-accountant-profile', { overflow: false });
  await goTo(accountant.page, es['nav.cfdis']);
  await accountant.page.getByRole('heading', { level: 1 }).waitFor();
  await hidden(
    'cfdis',
    ['CSV', 'ZIP', 'XLSX'].map((format) => es['exports.exportAs'].replace('{format}', format)),
  );
  await goTo(accountant.page, es['nav.downloads']);
  await accountant.page.getByRole('heading', { level: 1 }).waitFor();
  await hidden('downloads', [es['downloads.create']]);
  await goTo(accountant.page, es['nav.validations']);
  await accountant.page.getByRole('heading', { level: 1 }).waitFor();
  assert.equal(await accountant.page.locator('input[type=file]').count(), 0, 'validations: no file to drop');
  await goTo(accountant.page, es['nav.webhooks']);
  await accountant.page.getByRole('heading', { level: 1 }).waitFor();
  await hidden('webhooks', [es['webhooks.create']]);
  await goTo(accountant.page, es['nav.connectedAccounts']);
  await accountant.page.getByRole('heading', { level: 1 }).waitFor();
  await hidden('accounts', [es['accounts.create']]);
  await goTo(accountant.page, es['nav.home']);
  await accountant.page.getByTestId('checklist').locator('li').first().waitFor();
  await hidden('home', [es['home.go']]);
  await goTo(accountant.page, es['nav.apiKeys']);
  await accountant.page.locator('tbody tr').first().waitFor();
  await hidden('api keys', [es['apiKeys.create'], es['apiKeys.revoke']]);
  assert.equal(await accountant.page.getByLabel(es['apiKeys.version']).count(), 0, 'api keys: no version to pin');
  await shoot(accountant.page, 'team-accountant-keys', { overflow: false });

  // The team page is read-only for it, and the audit log is not in its navigation.
  await goTo(accountant.page, es['nav.team']);
  await accountant.page.getByTestId('member-row').nth(1).waitFor();
  assert.equal(await accountant.page.getByRole('button', { name: es['team.invite'], exact: true }).count(), 0);
  assert.equal(await accountant.page.getByRole('link', { name: es['nav.audit'], exact: true }).count(), 0);
  await shoot(accountant.page, 'team-members-read-only', { overflow: false });

  // The owner's audit log shows the invitation and its acceptance, by whom.
  await goTo(owner.page, es['nav.audit']);
  await owner.page.getByTestId('audit-row').nth(1).waitFor();
  const rows = await owner.page.getByTestId('audit-row').allTextContents();
  assert.ok(rows[0]!.includes('invitation.accept') && rows[0]!.includes(accountantEmail), rows.join('\n'));
  assert.ok(
    rows.some((row) => row.includes('invitation.create')),
    rows.join('\n'),
  );
  assert.ok(
    rows.some((row) => row.includes('POST /v1/invoices')),
    rows.join('\n'),
  );
  await shoot(owner.page, 'team-audit', { overflow: false });

  // The owner makes the accountant a developer: the same session may now create a key.
  await goTo(owner.page, es['nav.team']);
  await owner.page.getByLabel(es['team.roleOf'].replace('{email}', accountantEmail)).selectOption('developer');
  await owner.page.getByLabel(es['team.roleOf'].replace('{email}', accountantEmail)).and(owner.page.locator(':enabled')).waitFor();
  // Its next page load reads the new role's permissions: the key button is back.
  await accountant.page.reload();
  await goTo(accountant.page, es['nav.apiKeys']);
  await accountant.page.getByRole('button', { name: es['apiKeys.create'] }).click();
  await accountant.page.getByLabel(es['field.name']).fill('Clave del desarrollador');
  await accountant.page.getByRole('button', { name: es['apiKeys.createSubmit'], exact: true }).click();
  assert.match(await accountant.page.getByLabel(es['apiKeys.secretLabel']).inputValue(), /^sk_test_/);
  assert.deepEqual(owner.errors, []);
  assert.deepEqual(accountant.errors, []);
});

test('a member of two organizations switches between them from the top bar', async () => {
  const { page, errors } = await app.newPage();
  const email = `dos-${Date.now()}@example.com`;
  await signUp(page, app.base, { email, organization: 'Primera SA' });
  const inviter = await app.newPage();
  await signUp(inviter.page, app.base, { email: `otra-${Date.now()}@example.com`, organization: 'Segunda SA' });
  await goTo(inviter.page, es['nav.team']);
  await inviter.page.getByRole('button', { name: es['team.invite'], exact: true }).click();
  await inviter.page.getByLabel(es['team.email'], { exact: true }).fill(email);
  await inviter.page.getByLabel(es['team.role'], { exact: true }).selectOption('developer');
  await inviter.page.getByRole('button', { name: es['team.inviteSubmit'] }).click();
  const link = await inviter.page.getByLabel(es['team.linkLabel']).inputValue();

  // Signed in already, with the invited e-mail: one button joins.
  await page.goto(link);
  await page.getByRole('button', { name: es['invitation.accept'] }).click();
  await page.getByRole('heading', { level: 1, name: es['home.title'] }).waitFor();
  await page.getByTestId('org-switch').waitFor();
  assert.equal(await page.getByTestId('org-name').textContent(), 'Segunda SA');
  await shoot(page, 'team-switcher', { overflow: false });
  await page.getByTestId('org-switch').selectOption({ label: 'Primera SA' });
  await page.getByTestId('org-name').filter({ hasText: 'Primera SA' }).waitFor();
  assert.deepEqual(errors, []);
  assert.deepEqual(inviter.errors, []);
});
