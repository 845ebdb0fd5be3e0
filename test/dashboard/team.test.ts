import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asBrowser, createDashboardApp, PASSWORD, sessionCookie, signIn, signUp, uniqueEmail, type Browser, type DashboardApp } from './support.ts';

const DAY_MS = 24 * 60 * 60_000;

let joins = 0;

/** The token of an invitation's link (it rides in the fragment). */
function tokenOf(acceptUrl: string): string {
  const match = /#token=([A-Za-z0-9_-]+)$/.exec(acceptUrl);
  assert.ok(match, acceptUrl);
  return match[1]!;
}

async function invite(t: DashboardApp, inviter: Browser, role: string, email = uniqueEmail(role)) {
  const response = await asBrowser(t, inviter, { method: 'POST', url: '/dashboard/api/invitations', payload: { email, role } });
  assert.equal(response.statusCode, 201, response.body);
  return { email, id: response.json().id as string, token: tokenOf(response.json().accept_url) };
}

async function signUpWithInvitation(t: DashboardApp, token: string) {
  joins += 1;
  return t.request({
    method: 'POST',
    url: '/dashboard/api/invitations/sign_up',
    remoteAddress: `2001:db8:f${joins.toString(16)}::1`,
    payload: { token, password: PASSWORD },
  });
}

/** A new member of the inviter's organization with `role`, signed in. */
async function member(t: DashboardApp, inviter: Browser, role: string): Promise<Browser & { userId: string; email: string }> {
  const invitation = await invite(t, inviter, role);
  const response = await signUpWithInvitation(t, invitation.token);
  assert.equal(response.statusCode, 201, response.body);
  const body = response.json();
  return { cookie: sessionCookie(response), csrf: body.csrf_token, body, userId: body.user.id, email: invitation.email };
}

describe('team roles on /v1 with a dashboard session', () => {
  let t: DashboardApp;
  let owner: Browser;
  const members: Record<string, Browser> = {};
  before(async () => {
    t = await createDashboardApp();
    owner = await signUp(t);
    members.owner = owner;
    for (const role of ['admin', 'developer', 'accountant']) members[role] = await member(t, owner, role);
  });
  after(() => t.close());

  test('every role reads lists; writes (webhooks, keys) are refused to the accountant with 403 dashboard.forbidden_role', async () => {
    for (const [role, browser] of Object.entries(members)) {
      for (const url of ['/v1/invoices', '/v1/webhook_endpoints', '/v1/api_keys', '/v1/cfdis']) {
        const read = await asBrowser(t, browser, { method: 'GET', url });
        assert.equal(read.statusCode, 200, `${role} GET ${url}: ${read.body}`);
      }
      const webhook = await asBrowser(t, browser, { method: 'POST', url: '/v1/webhook_endpoints', payload: { url: 'http://127.0.0.1:9/hook' } });
      const key = await asBrowser(t, browser, { method: 'POST', url: '/v1/api_keys', payload: { name: `${role} key`, mode: 'test' } });
      if (role === 'accountant') {
        for (const refused of [webhook, key]) {
          assert.equal(refused.statusCode, 403, refused.body);
          assert.equal(refused.json().code, 'dashboard.forbidden_role');
          assert.equal(refused.json().title, 'Not allowed for your role');
        }
      } else {
        assert.equal(webhook.statusCode, 201, `${role}: ${webhook.body}`);
        assert.equal(key.statusCode, 201, `${role}: ${key.body}`);
      }
    }
  });

  test('the accountant cannot stamp, cancel or delete, whatever the invoice; the answer is the role refusal, not a 404', async () => {
    const accountant = members.accountant!;
    for (const [method, url] of [
      ['POST', '/v1/invoices'],
      ['POST', '/v1/invoices/inv_01jzzzzzzzzzzzzzzzzzzzzzzz/stamp'],
      ['POST', '/v1/invoices/inv_01jzzzzzzzzzzzzzzzzzzzzzzz/cancel'],
      ['DELETE', `/v1/api_keys/${owner.body.api_key.id}`],
    ] as const) {
      const response = await asBrowser(t, accountant, { method, url, payload: {} });
      assert.equal(response.statusCode, 403, `${method} ${url}: ${response.body}`);
      assert.equal(response.json().code, 'dashboard.forbidden_role');
    }
    // A POST that saves nothing is a read: the accountant gets past the role to the profile's 404.
    const preview = await asBrowser(t, accountant, { method: 'POST', url: '/v1/fiscal_profiles/fp_01jzzzzzzzzzzzzzzzzzzzzzzz/branding_preview', payload: {} });
    assert.equal(preview.statusCode, 404, preview.body);
    // So is an invoice's preview: past the role, the empty body is refused for its shape.
    const invoicePreview = await asBrowser(t, accountant, { method: 'POST', url: '/v1/invoices/preview', payload: {} });
    assert.equal(invoicePreview.statusCode, 422, invoicePreview.body);
    assert.equal(invoicePreview.json().code, 'request.validation_failed');
    // The organization's API key is not subject to roles.
    const byKey = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key: owner.body.api_key.secret, payload: { url: 'http://127.0.0.1:9/key' } });
    assert.equal(byKey.statusCode, 201, byKey.body);
  });

  test('a role change takes effect on the next request of an open session', async () => {
    const developer = await member(t, owner, 'developer');
    const before = await asBrowser(t, developer, { method: 'POST', url: '/v1/webhook_endpoints', payload: { url: 'http://127.0.0.1:9/a' } });
    assert.equal(before.statusCode, 201);
    const demoted = await asBrowser(t, owner, { method: 'PATCH', url: `/dashboard/api/members/${developer.userId}`, payload: { role: 'accountant' } });
    assert.equal(demoted.statusCode, 200, demoted.body);
    const afterwards = await asBrowser(t, developer, { method: 'POST', url: '/v1/webhook_endpoints', payload: { url: 'http://127.0.0.1:9/b' } });
    assert.equal(afterwards.statusCode, 403);
    const session = await asBrowser(t, developer, { method: 'GET', url: '/dashboard/api/session' });
    assert.equal(session.json().role, 'accountant');
  });
});

describe('managing members', () => {
  let t: DashboardApp;
  let owner: Browser & { email: string };
  before(async () => {
    t = await createDashboardApp();
    owner = await signUp(t);
  });
  after(() => t.close());

  test('developers and accountants cannot invite, change roles, remove members or read the audit log', async () => {
    const developer = await member(t, owner, 'developer');
    const accountant = await member(t, owner, 'accountant');
    for (const browser of [developer, accountant]) {
      const calls = [
        asBrowser(t, browser, { method: 'POST', url: '/dashboard/api/invitations', payload: { email: uniqueEmail(), role: 'developer' } }),
        asBrowser(t, browser, { method: 'GET', url: '/dashboard/api/invitations' }),
        asBrowser(t, browser, { method: 'PATCH', url: `/dashboard/api/members/${owner.body.user.id}`, payload: { role: 'accountant' } }),
        asBrowser(t, browser, { method: 'DELETE', url: `/dashboard/api/members/${developer.userId}` }),
        asBrowser(t, browser, { method: 'GET', url: '/dashboard/api/audit_events' }),
      ];
      for (const response of await Promise.all(calls)) {
        assert.equal(response.statusCode, 403, response.body);
        assert.equal(response.json().code, 'dashboard.forbidden_role');
      }
      // Every member sees who the members are.
      const list = await asBrowser(t, browser, { method: 'GET', url: '/dashboard/api/members' });
      assert.equal(list.statusCode, 200);
    }
  });

  test('an admin manages members below owner but cannot make, demote or remove an owner, nor invite one', async () => {
    const admin = await member(t, owner, 'admin');
    const developer = await member(t, owner, 'developer');
    const toAccountant = await asBrowser(t, admin, { method: 'PATCH', url: `/dashboard/api/members/${developer.userId}`, payload: { role: 'accountant' } });
    assert.equal(toAccountant.statusCode, 200, toAccountant.body);
    assert.deepEqual(toAccountant.json(), { user_id: developer.userId, role: 'accountant' });
    for (const response of [
      await asBrowser(t, admin, { method: 'PATCH', url: `/dashboard/api/members/${developer.userId}`, payload: { role: 'owner' } }),
      await asBrowser(t, admin, { method: 'PATCH', url: `/dashboard/api/members/${owner.body.user.id}`, payload: { role: 'admin' } }),
      await asBrowser(t, admin, { method: 'DELETE', url: `/dashboard/api/members/${owner.body.user.id}` }),
      await asBrowser(t, admin, { method: 'POST', url: '/dashboard/api/invitations', payload: { email: uniqueEmail(), role: 'owner' } }),
    ]) {
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(response.json().code, 'dashboard.forbidden_role');
    }
    const removed = await asBrowser(t, admin, { method: 'DELETE', url: `/dashboard/api/members/${developer.userId}` });
    assert.equal(removed.statusCode, 204, removed.body);
    // The removed member's session ends, and signing in finds no organization.
    const gone = await asBrowser(t, developer, { method: 'GET', url: '/v1/invoices' });
    assert.equal(gone.statusCode, 401);
    assert.equal(gone.json().code, 'dashboard.session_required');
    const again = await signIn(t, developer.email);
    assert.equal(again.statusCode, 403, again.body);
    assert.equal(again.json().code, 'dashboard.no_membership');
  });

  test('the last owner can be neither demoted nor removed; with a second owner either can', async () => {
    const self = owner.body.user.id;
    for (const response of [
      await asBrowser(t, owner, { method: 'PATCH', url: `/dashboard/api/members/${self}`, payload: { role: 'admin' } }),
      await asBrowser(t, owner, { method: 'DELETE', url: `/dashboard/api/members/${self}` }),
    ]) {
      assert.equal(response.statusCode, 409, response.body);
      assert.equal(response.json().code, 'dashboard.last_owner');
    }
    const second = await member(t, owner, 'owner');
    const demoted = await asBrowser(t, owner, { method: 'PATCH', url: `/dashboard/api/members/${second.userId}`, payload: { role: 'developer' } });
    assert.equal(demoted.statusCode, 200, demoted.body);
    const promoted = await asBrowser(t, owner, { method: 'PATCH', url: `/dashboard/api/members/${second.userId}`, payload: { role: 'owner' } });
    assert.equal(promoted.statusCode, 200, promoted.body);
    // Now the second owner may demote the first, and is then the last one.
    const firstDemoted = await asBrowser(t, second, { method: 'PATCH', url: `/dashboard/api/members/${self}`, payload: { role: 'admin' } });
    assert.equal(firstDemoted.statusCode, 200, firstDemoted.body);
    const last = await asBrowser(t, second, { method: 'DELETE', url: `/dashboard/api/members/${second.userId}` });
    assert.equal(last.json().code, 'dashboard.last_owner');
    const roles = (await asBrowser(t, second, { method: 'GET', url: '/dashboard/api/members' })).json().data.map((item: { role: string }) => item.role);
    assert.equal(roles.filter((role: string) => role === 'owner').length, 1);
  });

  test('a member of another organization is not found here', async () => {
    const stranger = await signUp(t, { organization_name: 'Otra SA' });
    const other = await member(t, stranger, 'developer');
    const response = await asBrowser(t, stranger, { method: 'PATCH', url: `/dashboard/api/members/${owner.body.user.id}`, payload: { role: 'accountant' } });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().code, 'dashboard.member_not_found');
    const removeOther = await asBrowser(t, stranger, { method: 'DELETE', url: `/dashboard/api/members/${owner.body.user.id}` });
    assert.equal(removeOther.json().code, 'dashboard.member_not_found');
    const list = (await asBrowser(t, other, { method: 'GET', url: '/dashboard/api/members' }))
      .json()
      .data.map((item: { user: { email: string } }) => item.user.email);
    assert.ok(!list.includes(owner.email));
  });
});

describe('invitations', () => {
  let t: DashboardApp;
  let owner: Browser & { email: string };
  before(async () => {
    t = await createDashboardApp();
    owner = await signUp(t, { organization_name: 'Invitadora SA' });
  });
  after(() => t.close());

  test('the link previews what it offers, works once, and its token is stored only hashed', async () => {
    const invitation = await invite(t, owner, 'developer');
    const preview = await t.request({ method: 'POST', url: '/dashboard/api/invitations/preview', payload: { token: invitation.token } });
    assert.equal(preview.statusCode, 200, preview.body);
    assert.deepEqual(preview.json(), {
      organization: { name: 'Invitadora SA' },
      email: invitation.email,
      role: 'developer',
      expires_at: '2026-07-22T12:00:00.000Z',
    });
    const stored = await t.app.services.db.selectFrom('dashboard_invitations').selectAll().where('id', '=', invitation.id).executeTakeFirstOrThrow();
    assert.notEqual(stored.token_hash, invitation.token);
    assert.ok(!JSON.stringify(stored).includes(invitation.token));
    const first = await signUpWithInvitation(t, invitation.token);
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(first.json().role, 'developer');
    for (const response of [
      await signUpWithInvitation(t, invitation.token),
      await t.request({ method: 'POST', url: '/dashboard/api/invitations/preview', payload: { token: invitation.token } }),
    ]) {
      assert.equal(response.statusCode, 404, response.body);
      assert.equal(response.json().code, 'dashboard.invitation_invalid');
    }
  });

  test('an invitation expires after 7 days', async () => {
    const invitation = await invite(t, owner, 'accountant');
    t.clock.advance(7 * DAY_MS + 1);
    const late = await signUpWithInvitation(t, invitation.token);
    assert.equal(late.statusCode, 404, late.body);
    assert.equal(late.json().code, 'dashboard.invitation_invalid');
    // The owner's session is long gone too: sign in again, and the pending list no longer shows it.
    const signedIn = await signIn(t, owner.email);
    owner = { ...owner, cookie: sessionCookie(signedIn), csrf: signedIn.json().csrf_token };
    const pending = await asBrowser(t, owner, { method: 'GET', url: '/dashboard/api/invitations' });
    assert.ok(!pending.json().data.some((item: { id: string }) => item.id === invitation.id));
  });

  test('a new invitation for the same e-mail replaces the old; a withdrawn one no longer works', async () => {
    const email = uniqueEmail('twice');
    const first = await invite(t, owner, 'accountant', email);
    const second = await invite(t, owner, 'developer', email);
    assert.equal((await signUpWithInvitation(t, first.token)).json().code, 'dashboard.invitation_invalid');
    const withdrawn = await asBrowser(t, owner, { method: 'DELETE', url: `/dashboard/api/invitations/${second.id}` });
    assert.equal(withdrawn.statusCode, 204);
    assert.equal((await signUpWithInvitation(t, second.token)).json().code, 'dashboard.invitation_invalid');
  });

  test('an existing account accepts signed in with the invited e-mail, and then switches between its organizations', async () => {
    const existing = await signUp(t, { organization_name: 'Propia SA' });
    const stranger = await signUp(t, { organization_name: 'Ajena SA' });
    const invitation = await invite(t, owner, 'accountant', existing.email);
    // Creating a second account for the e-mail is refused, as sign-up refuses it.
    const duplicate = await signUpWithInvitation(t, invitation.token);
    assert.equal(duplicate.statusCode, 409);
    assert.equal(duplicate.json().code, 'dashboard.email_in_use');
    const wrongUser = await asBrowser(t, stranger, { method: 'POST', url: '/dashboard/api/invitations/accept', payload: { token: invitation.token } });
    assert.equal(wrongUser.statusCode, 403);
    assert.equal(wrongUser.json().code, 'dashboard.invitation_email_mismatch');
    const accepted = await asBrowser(t, existing, { method: 'POST', url: '/dashboard/api/invitations/accept', payload: { token: invitation.token } });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const session = (await asBrowser(t, existing, { method: 'GET', url: '/dashboard/api/session' })).json();
    assert.deepEqual([session.organization.id, session.role], [owner.body.organization.id, 'accountant']);
    const organizations = (await asBrowser(t, existing, { method: 'GET', url: '/dashboard/api/organizations' })).json().data;
    assert.deepEqual(
      new Map(organizations.map((item: { id: string; role: string }) => [item.id, item.role])),
      new Map([
        [existing.body.organization.id, 'owner'],
        [owner.body.organization.id, 'accountant'],
      ]),
    );
    // In the invited organization the session is an accountant; back home it is the owner again.
    const refused = await asBrowser(t, existing, { method: 'POST', url: '/v1/webhook_endpoints', payload: { url: 'http://127.0.0.1:9/x' } });
    assert.equal(refused.statusCode, 403);
    const switched = await asBrowser(t, existing, {
      method: 'POST',
      url: '/dashboard/api/session/organization',
      payload: { organization_id: existing.body.organization.id },
    });
    assert.equal(switched.statusCode, 204, switched.body);
    const home = await asBrowser(t, existing, { method: 'POST', url: '/v1/webhook_endpoints', payload: { url: 'http://127.0.0.1:9/y' } });
    assert.equal(home.statusCode, 201, home.body);
    // Nobody switches into an organization they are not a member of.
    const intrusion = await asBrowser(t, existing, {
      method: 'POST',
      url: '/dashboard/api/session/organization',
      payload: { organization_id: stranger.body.organization.id },
    });
    assert.equal(intrusion.statusCode, 404);
    assert.equal(intrusion.json().code, 'dashboard.organization_not_found');
  });

  test('inviting a current member is a 409; a malformed token is the same 404 as an unknown one', async () => {
    const taken = await asBrowser(t, owner, {
      method: 'POST',
      url: '/dashboard/api/invitations',
      payload: { email: owner.email.toUpperCase(), role: 'admin' },
    });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().code, 'dashboard.already_member');
    for (const token of ['x', 'A'.repeat(43)]) {
      const response = await t.request({ method: 'POST', url: '/dashboard/api/invitations/preview', payload: { token } });
      assert.equal(response.statusCode, 404);
      assert.equal(response.json().code, 'dashboard.invitation_invalid');
    }
  });
});

describe('the audit log', () => {
  let t: DashboardApp;
  let owner: Browser & { email: string };
  before(async () => {
    t = await createDashboardApp();
    owner = await signUp(t);
  });
  after(() => t.close());

  test("records who changed what, from where, for session writes only, and shows it only to the organization's owners and admins", async () => {
    const developer = await member(t, owner, 'developer');
    const created = await asBrowser(t, developer, {
      method: 'POST',
      url: '/v1/webhook_endpoints',
      remoteAddress: '192.0.2.44',
      payload: { url: 'http://127.0.0.1:9/audited' },
    });
    assert.equal(created.statusCode, 201);
    // Reads, refused writes and API-key writes leave no entry.
    await asBrowser(t, developer, { method: 'GET', url: '/v1/webhook_endpoints' });
    await asBrowser(t, developer, { method: 'POST', url: '/v1/webhook_endpoints', payload: { url: 'not a url' } });
    await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key: owner.body.api_key.secret, payload: { url: 'http://127.0.0.1:9/key' } });
    const removed = await asBrowser(t, developer, { method: 'DELETE', url: `/v1/webhook_endpoints/${created.json().id}` });
    assert.equal(removed.statusCode, 200, removed.body);
    const log = await asBrowser(t, owner, { method: 'GET', url: '/dashboard/api/audit_events' });
    assert.equal(log.statusCode, 200, log.body);
    const entries = log.json().data.map((item: Record<string, unknown>) => ({ ...item, id: undefined, created_at: undefined }));
    assert.deepEqual(entries.slice(0, 3), [
      {
        id: undefined,
        created_at: undefined,
        user: { id: developer.userId, email: developer.email },
        action: 'DELETE /v1/webhook_endpoints/:id',
        object_id: created.json().id,
        detail: null,
        mode: 'test',
        address: '127.0.0.1',
      },
      {
        id: undefined,
        created_at: undefined,
        user: { id: developer.userId, email: developer.email },
        action: 'POST /v1/webhook_endpoints',
        object_id: created.json().id,
        detail: null,
        mode: 'test',
        address: '192.0.2.44',
      },
      {
        id: undefined,
        created_at: undefined,
        user: { id: developer.userId, email: developer.email },
        action: 'invitation.accept',
        object_id: entries[2].object_id,
        detail: 'developer',
        mode: null,
        address: entries[2].address,
      },
    ]);
    assert.equal(entries[3].action, 'invitation.create');
    assert.equal(entries[3].user.id, owner.body.user.id);
    assert.equal(log.json().has_more, false);
    // Another organization's owner sees none of it.
    const other = await signUp(t, { organization_name: 'Otra SA' });
    const otherLog = await asBrowser(t, other, { method: 'GET', url: '/dashboard/api/audit_events' });
    assert.deepEqual(otherLog.json().data, []);
  });

  test('pages with limit and starting_after; a cursor that is no entry id is a 422', async () => {
    const first = await asBrowser(t, owner, { method: 'GET', url: '/dashboard/api/audit_events?limit=1' });
    assert.equal(first.json().data.length, 1);
    assert.equal(first.json().has_more, true);
    const next = await asBrowser(t, owner, { method: 'GET', url: `/dashboard/api/audit_events?limit=1&starting_after=${first.json().data[0].id}` });
    assert.notEqual(next.json().data[0].id, first.json().data[0].id);
    const bad = await asBrowser(t, owner, { method: 'GET', url: '/dashboard/api/audit_events?starting_after=evt_1' });
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json().code, 'request.invalid_cursor');
  });

  test('entries older than the retention are deleted by the daily job', async () => {
    const before = await t.app.services.db.selectFrom('dashboard_audit_events').select('id').execute();
    assert.ok(before.length > 0);
    t.clock.advance(366 * DAY_MS);
    await t.app.services.jobs.runDue();
    const afterwards = await t.app.services.db.selectFrom('dashboard_audit_events').select('id').execute();
    assert.equal(afterwards.length, 0);
  });
});
