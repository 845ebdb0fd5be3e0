/** Where mail goes without SMTP_URL: the catcher outside production, nowhere (a refusal) in production. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { systemClock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { createMailer } from './mailer.ts';
import { MailNotConfiguredError } from './types.ts';

const mail = { smtpUrl: undefined, from: 'a@example.com', catcherKeep: 10 };

test('production without SMTP_URL refuses to send instead of keeping the message', async () => {
  const mailer = createMailer({ appEnv: 'production', mail }, systemClock);
  assert.equal(mailer.transport, 'none');
  await assert.rejects(
    mailer.send({} as Db, 'org_x', { to: ['b@example.com'], subject: 's', html: '', text: '', language: 'es', attachments: [] }),
    MailNotConfiguredError,
  );
});

test('development and test without SMTP_URL use the catcher; SMTP_URL means SMTP everywhere', () => {
  assert.equal(createMailer({ appEnv: 'development', mail }, systemClock).transport, 'catcher');
  assert.equal(createMailer({ appEnv: 'test', mail }, systemClock).transport, 'catcher');
  const smtp = createMailer({ appEnv: 'production', mail: { ...mail, smtpUrl: 'smtp://127.0.0.1:2525' } }, systemClock);
  assert.equal(smtp.transport, 'smtp');
  smtp.close();
});
