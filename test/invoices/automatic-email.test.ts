/**
 * Automatic e-mails through a real SMTP server in this process: a fiscal profile that opts in has
 * each invoice e-mailed once when it is stamped (PDF and XML byte for byte as downloaded), and the
 * cancellation notice with the acuse when its cancellation completes; an invoice's own `email`
 * wins over its profile; the e-mail is queued with the stamp, so a process gone before sending it
 * leaves it to the next; a retried stamp request or a job run again sends nothing more; an invoice
 * with nowhere to send is logged `skipped` with the reason.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import { SEND_INVOICE_EMAIL_JOB } from '../../src/modules/invoices/send-email.ts';
import { openTestDatabase } from '../support/database.ts';
import { createInvoicesTestApp, createStamped, invoiceRequest, registerProfile, type InvoicesTestApp, type Keys } from './support.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;
let smtp: SMTPServer;
let smtpUrl: string;
const received: { to: string[]; mail: ParsedMail }[] = [];

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createInvoicesTestApp({ env: { SMTP_URL: smtpUrl, MAIL_FROM: 'Facturas Demo <facturas@demo.example>' } });
  keys = await t.bootstrap();
  profileId = (await registerProfile(t, keys.testKey)).id;
});
after(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const customer = (email?: string) => ({
  rfc: 'URE180429TM6',
  name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
  tax_regime: '601',
  postal_code: '86991',
  cfdi_use: 'G03',
  ...(email ? { email } : {}),
});
/** $580.00: the SAT cancels it at once, without the receptor's acceptance. */
const small = (email: string | undefined, overrides: Record<string, unknown> = {}) =>
  invoiceRequest(profileId, {
    customer: customer(email),
    items: [{ product_key: '81112100', unit_key: 'E48', description: 'Asesoría', unit_price: '500.00', taxes: [{ type: 'IVA', rate: '0.16' }] }],
    ...overrides,
  });

async function settings(app: InvoicesTestApp, key: string, id: string, emailSettings: Record<string, unknown>) {
  const response = await app.request({ method: 'PATCH', url: `/v1/fiscal_profiles/${id}`, key, payload: { email_settings: emailSettings } });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}
/** An entry of an invoice's e-mail log, as a test reads it. */
interface LogEntry {
  id: string;
  kind: string;
  status: string;
  automatic: boolean;
  recipients: string[];
  skipped_reason: string | null;
}
const log = async (app: InvoicesTestApp, key: string, id: string) =>
  (await app.request({ method: 'GET', url: `/v1/invoices/${id}/emails`, key })).json().data as LogEntry[];
const download = async (id: string, what: 'pdf' | 'xml' | 'acuse') => {
  const response = await t.request({ method: 'GET', url: `/v1/invoices/${id}/${what}`, key: keys.testKey });
  assert.equal(response.statusCode, 200, `${what}: ${response.body.slice(0, 200)}`);
  return response.rawPayload;
};
const sentTo = (address: string) => received.filter((message) => message.to.includes(address));

/** Runs the due jobs a few times, moving the clock past any retry delay. */
async function runJobs(app: InvoicesTestApp): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    await app.app.services.jobs.runDue();
    app.clock.advance(10 * 60_000);
  }
}

test('a profile that opts in has the stamped invoice e-mailed once, with the PDF and XML byte for byte; the job run again sends nothing more', async () => {
  const profile = await settings(t, keys.testKey, profileId, { send_on_stamp: true });
  assert.deepEqual(profile.email_settings, { send_on_stamp: true, send_on_cancel: false, language: 'es' });
  const invoice = await createStamped(t, keys.testKey, small('alta@cliente.mx'));
  const [queued] = await log(t, keys.testKey, invoice.id);
  assert.equal(queued?.status, 'queued', 'queued by the stamp, before any job ran');
  assert.equal(queued?.automatic, true);
  await runJobs(t);
  const messages = sentTo('alta@cliente.mx');
  assert.equal(messages.length, 1);
  const { mail } = messages[0]!;
  assert.equal(mail.headers.get('content-language'), 'es');
  const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
  const xml = mail.attachments.find((attachment) => attachment.filename?.endsWith('.xml'));
  assert.ok(pdf?.content.equals(await download(invoice.id, 'pdf')), 'the PDF is the downloaded one, byte for byte');
  assert.ok(xml?.content.equals(await download(invoice.id, 'xml')), 'the XML is the stamped one, byte for byte');
  const entries = await log(t, keys.testKey, invoice.id);
  assert.equal(entries.length, 1);
  assert.equal(entries[0]!.status, 'sent');
  assert.equal(entries[0]!.kind, 'invoice');
  // The job delivered it; the same job again (a lease lost, a retry) finds it sent.
  await t.app.services.jobs.enqueue(t.app.services.db, SEND_INVOICE_EMAIL_JOB, { email_id: entries[0]!.id });
  await runJobs(t);
  assert.equal(sentTo('alta@cliente.mx').length, 1);
  await settings(t, keys.testKey, profileId, { send_on_stamp: false });
});

test("the invoice's own email wins over its profile: opted out, nothing is sent; opted in with recipients and language, they are used", async () => {
  await settings(t, keys.testKey, profileId, { send_on_stamp: true });
  const out = await createStamped(t, keys.testKey, small('fuera@cliente.mx', { email: { send_on_stamp: false } }));
  assert.deepEqual(out.email, { send_on_stamp: false });
  await runJobs(t);
  assert.equal(sentTo('fuera@cliente.mx').length, 0);
  assert.deepEqual(await log(t, keys.testKey, out.id), []);
  await settings(t, keys.testKey, profileId, { send_on_stamp: false });
  await createStamped(t, keys.testKey, small('cliente@cliente.mx', { email: { send_on_stamp: true, recipients: ['pagos@cliente.mx'], language: 'en' } }));
  await runJobs(t);
  assert.equal(sentTo('cliente@cliente.mx').length, 0);
  const [message] = sentTo('pagos@cliente.mx');
  assert.equal(message?.mail.headers.get('content-language'), 'en');
});

test('a stamp request retried with its Idempotency-Key queues no second e-mail', async () => {
  await settings(t, keys.testKey, profileId, { send_on_stamp: true });
  const created = (await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: small('reintento@cliente.mx') })).json();
  const stamp = () =>
    t.request({ method: 'POST', url: `/v1/invoices/${created.id}/stamp`, key: keys.testKey, headers: { 'idempotency-key': `stamp-${created.id}` } });
  const first = await stamp();
  const second = await stamp();
  assert.equal(first.statusCode, 200, first.body);
  assert.equal(second.statusCode, 200, second.body);
  await runJobs(t);
  assert.equal(sentTo('reintento@cliente.mx').length, 1);
  assert.equal((await log(t, keys.testKey, created.id)).length, 1);
  await settings(t, keys.testKey, profileId, { send_on_stamp: false });
});

test('an opted-in invoice with no recipient gets no job: its e-mail log says skipped and why', async () => {
  const invoice = await createStamped(t, keys.testKey, small(undefined, { email: { send_on_stamp: true } }));
  const [entry] = await log(t, keys.testKey, invoice.id);
  assert.equal(entry?.status, 'skipped');
  assert.deepEqual(entry?.recipients, []);
  assert.match(entry?.skipped_reason ?? '', /no customer e-mail/);
  const jobs = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM jobs WHERE kind = ${SEND_INVOICE_EMAIL_JOB.kind} AND payload ->> 'email_id' = ${entry!.id}`.execute(t.app.services.db);
  assert.equal(jobs.rows[0]?.n, 0);
  await runJobs(t);
  assert.equal((await log(t, keys.testKey, invoice.id))[0]?.status, 'skipped');
});

test('a completed cancellation sends the notice with the acuse when the profile opts in', async () => {
  await settings(t, keys.testKey, profileId, { send_on_cancel: true, language: 'es' });
  const invoice = await createStamped(t, keys.testKey, small('baja@cliente.mx'));
  assert.deepEqual(await log(t, keys.testKey, invoice.id), [], 'stamping alone sends nothing: only send_on_cancel is on');
  const cancelled = await t.request({ method: 'POST', url: `/v1/invoices/${invoice.id}/cancel`, key: keys.testKey, payload: { reason: '02' } });
  assert.equal(cancelled.statusCode, 200, cancelled.body);
  assert.equal(cancelled.json().status, 'cancelled');
  await runJobs(t);
  const messages = sentTo('baja@cliente.mx');
  assert.equal(messages.length, 1);
  const { mail } = messages[0]!;
  assert.match(mail.subject ?? '', /^Cancelación de la factura /);
  const acuse = await download(invoice.id, 'acuse');
  assert.ok(
    mail.attachments.some((attachment) => attachment.content.equals(acuse)),
    'the acuse is attached byte for byte',
  );
  const [entry] = await log(t, keys.testKey, invoice.id);
  assert.equal(entry?.kind, 'cancellation');
  assert.equal(entry?.automatic, true);
  await settings(t, keys.testKey, profileId, { send_on_cancel: false });
});

test("a cancellation that waits for the receptor sends the notice once the receptor's silence accepts it, not before", async () => {
  await settings(t, keys.testKey, profileId, { send_on_cancel: true });
  const invoice = await createStamped(
    t,
    keys.testKey,
    small('espera@cliente.mx', {
      items: [{ product_key: '81112100', unit_key: 'E48', description: 'Proyecto', unit_price: '50000.00', taxes: [{ type: 'IVA', rate: '0.16' }] }],
    }),
  );
  // Past the next business day a large invoice needs the receptor's acceptance.
  t.clock.advance(4 * 24 * 3_600_000);
  const pending = await t.request({ method: 'POST', url: `/v1/invoices/${invoice.id}/cancel`, key: keys.testKey, payload: { reason: '02' } });
  assert.equal(pending.json().cancellation?.status, 'pending', pending.body);
  await t.app.services.jobs.runDue();
  assert.deepEqual(await log(t, keys.testKey, invoice.id), [], 'nothing while the receptor has not answered');
  // The receptor has 72 business hours; its silence accepts, which the poller sees.
  for (let day = 0; day < 10 && (await log(t, keys.testKey, invoice.id)).length === 0; day += 1) {
    t.clock.advance(24 * 3_600_000);
    await runJobs(t);
  }
  const after = (await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}`, key: keys.testKey })).json();
  assert.equal(after.status, 'cancelled', JSON.stringify(after.cancellation));
  const [entry] = await log(t, keys.testKey, invoice.id);
  assert.equal(entry?.kind, 'cancellation');
  assert.equal(entry?.status, 'sent');
  const [message] = sentTo('espera@cliente.mx');
  const acuse = await download(invoice.id, 'acuse');
  assert.ok(
    message?.mail.attachments.some((attachment) => attachment.content.equals(acuse)),
    'the acuse is attached byte for byte',
  );
  assert.equal(sentTo('espera@cliente.mx').length, 1);
  await settings(t, keys.testKey, profileId, { send_on_cancel: false });
});

test('bad settings are refused with 422 and stable codes, in Spanish when asked', async () => {
  const profile = await t.request({
    method: 'PATCH',
    url: `/v1/fiscal_profiles/${profileId}`,
    key: keys.testKey,
    headers: { 'accept-language': 'es' },
    payload: { email_settings: { send_on_stamp: 'yes' } },
  });
  assert.equal(profile.statusCode, 422, profile.body);
  assert.equal(profile.json().code, 'request.validation_failed');
  const empty = await t.request({ method: 'PATCH', url: `/v1/fiscal_profiles/${profileId}`, key: keys.testKey, payload: { email_settings: {} } });
  assert.equal(empty.statusCode, 422, empty.body);
  const language = await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: small(undefined, { email: { language: 'fr' } }) });
  assert.equal(language.statusCode, 422, language.body);
  assert.equal(language.json().code, 'request.validation_failed');
  const twice = await t.request({
    method: 'POST',
    url: '/v1/invoices',
    key: keys.testKey,
    headers: { 'accept-language': 'es' },
    payload: small(undefined, { email: { send_on_stamp: true, recipients: ['uno@cliente.mx', 'UNO@cliente.mx'] } }),
  });
  assert.equal(twice.statusCode, 422, twice.body);
  assert.equal(twice.json().code, 'invoice.email_duplicate_recipient');
  assert.match(twice.json().detail, /aparece dos veces/);
  const draft = (await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: small(undefined) })).json();
  const patched = await t.request({
    method: 'PATCH',
    url: `/v1/invoices/${draft.id}`,
    key: keys.testKey,
    payload: { email: { recipients: ['a@cliente.mx', 'a@cliente.mx'] } },
  });
  assert.equal(patched.statusCode, 422, patched.body);
  assert.equal(patched.json().code, 'invoice.email_duplicate_recipient');
});

test('the e-mail is queued with the stamp: a process gone before sending it leaves it to the next one on the same database', async () => {
  const database = await openTestDatabase();
  const masterKey = randomBytes(32).toString('base64');
  const env = { SMTP_URL: smtpUrl, MASTER_KEY: masterKey };
  // The first process stamps and is gone before any job of its own runs (its database outlives it).
  const first = await createInvoicesTestApp({ env, database: { ...database, close: async () => {} } as DatabaseHandle });
  const firstKeys = await first.bootstrap();
  const firstProfile = (await registerProfile(first, firstKeys.testKey)).id;
  await settings(first, firstKeys.testKey, firstProfile, { send_on_stamp: true });
  const created = (
    await first.request({
      method: 'POST',
      url: '/v1/invoices',
      key: firstKeys.testKey,
      payload: invoiceRequest(firstProfile, { customer: customer('despues@cliente.mx') }),
    })
  ).json();
  const stamped = await first.request({ method: 'POST', url: `/v1/invoices/${created.id}/stamp`, key: firstKeys.testKey });
  assert.equal(stamped.statusCode, 200, stamped.body);
  await first.close();
  assert.equal(sentTo('despues@cliente.mx').length, 0);
  const next = await createInvoicesTestApp({ env, database });
  try {
    await runJobs(next);
    assert.equal(sentTo('despues@cliente.mx').length, 1);
    const [entry] = await log(next, firstKeys.testKey, created.id);
    assert.equal(entry?.status, 'sent');
  } finally {
    await next.close();
  }
});
