/**
 * E-mailing invoices through a real SMTP server in this process: the message the server receives
 * is parsed as MIME and carries the invoice's PDF and XML byte for byte, the configured From, the
 * recipients asked for (or the invoice's customer e-mail) and the language asked for; a server that
 * refuses for a while gets the message once it accepts, every attempt is in the delivery log, and
 * the outcome is an event.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createInvoicesTestApp, createStamped, invoiceRequest, registerProfile, type InvoicesTestApp, type Keys } from './support.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;
let smtp: SMTPServer;
const received: { to: string[]; mail: ParsedMail }[] = [];
/** The answer of the server to the next messages: a reply code to refuse with, or accept when empty. */
const refusals: number[] = [];

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const code = refusals.shift();
        if (code !== undefined) {
          callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code }));
          return;
        }
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
  const { port } = smtp.server.address() as AddressInfo;
  t = await createInvoicesTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Facturas Demo <facturas@demo.example>' } });
  keys = await t.bootstrap();
  profileId = (await registerProfile(t, keys.testKey)).id;
});
after(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const emailInvoice = (id: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/v1/invoices/${id}/email`, key: keys.testKey, headers, ...(payload ? { payload } : {}) });
const log = async (id: string) => (await t.request({ method: 'GET', url: `/v1/invoices/${id}/emails`, key: keys.testKey })).json().data;
const download = async (id: string, what: 'pdf' | 'xml') =>
  (await t.request({ method: 'GET', url: `/v1/invoices/${id}/${what}`, key: keys.testKey })).rawPayload;
const eventsOf = async (type: string) =>
  (await t.request({ method: 'GET', url: `/v1/events?type=${type}`, key: keys.testKey })).json().data as { data: { object: { id: string } } }[];

/** Runs due jobs, moving the clock past every retry delay, until `done` or 20 rounds. */
async function runJobsUntil(done: () => boolean): Promise<void> {
  for (let round = 0; round < 20 && !done(); round += 1) {
    await t.app.services.jobs.runDue();
    t.clock.advance(10 * 60_000);
  }
}

test('the customer e-mail of the invoice gets a Spanish message with the PDF and XML byte for byte, from MAIL_FROM; the log says sent and an event tells', async () => {
  const invoice = await createStamped(
    t,
    keys.testKey,
    invoiceRequest(profileId, { customer: { ...(invoiceRequest(profileId).customer as object), email: 'cliente@example.mx' } }),
  );
  assert.equal(invoice.customer.email, 'cliente@example.mx');
  const answer = await emailInvoice(invoice.id);
  assert.equal(answer.statusCode, 202, answer.body);
  const email = answer.json();
  assert.equal(email.status, 'queued');
  assert.deepEqual(email.recipients, ['cliente@example.mx']);
  const before = received.length;
  await runJobsUntil(() => received.length > before);
  const { to, mail } = received.at(-1)!;
  assert.deepEqual(to, ['cliente@example.mx']);
  assert.equal(mail.from?.value[0]?.address, 'facturas@demo.example');
  assert.equal(mail.headers.get('content-language'), 'es');
  assert.match(mail.subject ?? '', /^Factura .+ de /);
  assert.match(mail.html || '', /Folio fiscal \(UUID\)/);
  const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
  const xml = mail.attachments.find((attachment) => attachment.filename?.endsWith('.xml'));
  assert.equal(pdf?.filename, `${invoice.uuid}.pdf`);
  assert.ok(pdf.content.equals(await download(invoice.id, 'pdf')), 'the PDF is the downloaded one, byte for byte');
  assert.ok(xml?.content.equals(await download(invoice.id, 'xml')), 'the XML is the stamped one, byte for byte');
  const [entry] = await log(invoice.id);
  assert.equal(entry.status, 'sent');
  assert.equal(entry.attempts.length, 1);
  assert.equal(entry.message_id, mail.messageId);
  assert.ok((await eventsOf('invoice.email_sent')).some((event) => event.data.object.id === email.id));
});

test('recipients and language of the request win: an English message to both addresses, the invoice data escaped in the HTML', async () => {
  const invoice = await createStamped(t, keys.testKey, invoiceRequest(profileId, { serie: 'A<b>' }));
  const answer = await emailInvoice(invoice.id, { recipients: ['a@example.com', 'b@example.com'], language: 'en' });
  assert.equal(answer.statusCode, 202, answer.body);
  const before = received.length;
  await runJobsUntil(() => received.length > before);
  const { to, mail } = received.at(-1)!;
  assert.deepEqual(to.sort(), ['a@example.com', 'b@example.com']);
  assert.equal(mail.headers.get('content-language'), 'en');
  assert.match(mail.subject ?? '', /^Invoice A<b>-\d+ from /);
  assert.ok(!(mail.html || '').includes('A<b>'), 'the serie is escaped');
  assert.ok((mail.html || '').includes('A&lt;b&gt;'));
});

test('a server that refuses (451) twice gets the message on the third attempt; the log has the three attempts', async () => {
  const invoice = await createStamped(t, keys.testKey, invoiceRequest(profileId));
  refusals.push(451, 451);
  assert.equal((await emailInvoice(invoice.id, { recipients: ['retry@example.com'] })).statusCode, 202);
  const before = received.length;
  await runJobsUntil(() => received.length > before);
  assert.deepEqual(received.at(-1)!.to, ['retry@example.com']);
  const [entry] = await log(invoice.id);
  assert.equal(entry.status, 'sent');
  assert.deepEqual(
    entry.attempts.map((attempt: { outcome: string }) => attempt.outcome),
    ['failed', 'failed', 'sent'],
  );
  assert.match(entry.attempts[0].error, /451/);
});

test('a permanent refusal (550) fails the delivery at once, with invoice.email_failed', async () => {
  const invoice = await createStamped(t, keys.testKey, invoiceRequest(profileId));
  refusals.push(550);
  const email = (await emailInvoice(invoice.id, { recipients: ['nobody@example.com'] })).json();
  await runJobsUntil(() => refusals.length === 0);
  await t.app.services.jobs.runDue();
  const [entry] = await log(invoice.id);
  assert.equal(entry.status, 'failed');
  assert.equal(entry.attempts.length, 1);
  assert.match(entry.attempts[0].error, /550/);
  assert.ok((await eventsOf('invoice.email_failed')).some((event) => event.data.object.id === email.id));
});

test('the same Idempotency-Key queues one e-mail', async () => {
  const invoice = await createStamped(t, keys.testKey, invoiceRequest(profileId));
  const headers = { 'idempotency-key': `email-${invoice.id}` };
  const first = await emailInvoice(invoice.id, { recipients: ['once@example.com'] }, headers);
  const second = await emailInvoice(invoice.id, { recipients: ['once@example.com'] }, headers);
  assert.equal(second.json().id, first.json().id);
  assert.equal((await log(invoice.id)).length, 1);
});

test('a draft cannot be e-mailed (409), nor an invoice with no recipients (422); both with stable codes', async () => {
  const draft = (await t.request({ method: 'POST', url: '/v1/invoices', key: keys.testKey, payload: invoiceRequest(profileId) })).json();
  const refused = await emailInvoice(draft.id, { recipients: ['a@example.com'] });
  assert.equal(refused.statusCode, 409);
  assert.equal(refused.json().code, 'invoice.email_requires_stamp');
  const stamped = await createStamped(t, keys.testKey, invoiceRequest(profileId));
  const nobody = await emailInvoice(stamped.id);
  assert.equal(nobody.statusCode, 422);
  assert.equal(nobody.json().code, 'invoice.email_no_recipients');
  const invalid = await emailInvoice(stamped.id, { recipients: ['not an address'] });
  assert.equal(invalid.statusCode, 422);
});
