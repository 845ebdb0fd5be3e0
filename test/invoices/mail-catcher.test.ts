/**
 * Without SMTP_URL outside production, e-mail lands in the mail catcher: the organization's
 * dashboard lists it, previews its HTML under a sandboxing policy, and serves its attachments
 * byte for byte; another organization sees none of it, and the catcher keeps only the newest
 * MAIL_CATCHER_KEEP.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { asBrowser, signUp } from '../dashboard/support.ts';
import { createInvoicesTestApp, createStamped, invoiceRequest, registerProfile, type InvoicesTestApp } from './support.ts';

let t: InvoicesTestApp;

before(async () => {
  t = await createInvoicesTestApp({ env: { MAIL_CATCHER_KEEP: '2' } });
});
after(() => t.close());

test('an e-mailed invoice is kept by the catcher and shown to its organization only; the newest MAIL_CATCHER_KEEP are kept', async () => {
  const browser = await signUp(t);
  const key = browser.body.api_key.secret;
  const profileId = (await registerProfile(t, key)).id;
  const invoice = await createStamped(t, key, invoiceRequest(profileId));
  const ids: string[] = [];
  for (const recipient of ['uno@example.mx', 'dos@example.mx', 'tres@example.mx']) {
    const answer = await t.request({ method: 'POST', url: `/v1/invoices/${invoice.id}/email`, key, payload: { recipients: [recipient] } });
    assert.equal(answer.statusCode, 202, answer.body);
    ids.push(answer.json().id);
    await t.app.services.jobs.runDue();
  }
  const listed = await asBrowser(t, browser, { method: 'GET', url: '/dashboard/api/mail' });
  assert.equal(listed.statusCode, 200, listed.body);
  const { transport, messages } = listed.json();
  assert.equal(transport, 'catcher');
  assert.deepEqual(
    messages.map((message: { to: string[] }) => message.to[0]),
    ['tres@example.mx', 'dos@example.mx'],
    'the newest two, newest first',
  );
  const [newest] = messages;
  assert.match(newest.subject, /^Factura /);
  const preview = await asBrowser(t, browser, { method: 'GET', url: `/dashboard/api/mail/${newest.id}/preview` });
  assert.equal(preview.statusCode, 200);
  assert.match(String(preview.headers['content-security-policy']), /^sandbox; default-src 'none'/);
  assert.match(preview.body, /Folio fiscal/);
  const pdfPosition = newest.attachments.findIndex((attachment: { content_type: string }) => attachment.content_type === 'application/pdf');
  const pdf = await asBrowser(t, browser, { method: 'GET', url: `/dashboard/api/mail/${newest.id}/attachments/${pdfPosition}` });
  assert.equal(pdf.statusCode, 200);
  assert.match(String(pdf.headers['content-disposition']), /^attachment/);
  const downloaded = await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}/pdf`, key });
  assert.ok(pdf.rawPayload.equals(downloaded.rawPayload), 'the attachment is the PDF, byte for byte');
  const log = (await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}/emails`, key })).json().data;
  assert.deepEqual(
    log.map((email: { status: string }) => email.status),
    ['sent', 'sent', 'sent'],
  );

  const stranger = await signUp(t);
  const theirs = await asBrowser(t, stranger, { method: 'GET', url: '/dashboard/api/mail' });
  assert.deepEqual(theirs.json().messages, []);
  const peek = await asBrowser(t, stranger, { method: 'GET', url: `/dashboard/api/mail/${newest.id}/preview` });
  assert.equal(peek.statusCode, 404);
});
