import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { REDACTED_LOG_PATHS } from '../../src/platform/http/log-redaction.ts';

test('a log line that carries a dashboard request body or its headers shows no password, cookie or CSRF token', () => {
  const lines: string[] = [];
  const logger = pino({ redact: { paths: REDACTED_LOG_PATHS, censor: '[REDACTED]' } }, { write: (line: string) => lines.push(line) });
  logger.error(
    {
      req: {
        headers: { cookie: 'invoicing_session=session-token-value', 'x-csrf-token': 'csrf-token-value' },
        body: { email: 'ana@example.com', password: 'first-secret-password' },
      },
      body: { current_password: 'second-secret-password', new_password: 'third-secret-password' },
      err: { message: 'boom', body: { password: 'fourth-secret-password' } },
    },
    'request failed',
  );
  const output = lines.join('');
  assert.match(output, /request failed/);
  assert.match(output, /ana@example\.com/, 'other fields stay');
  for (const secret of [
    'first-secret-password',
    'second-secret-password',
    'third-secret-password',
    'fourth-secret-password',
    'session-token-value',
    'csrf-token-value',
  ]) {
    assert.equal(output.includes(secret), false, secret);
  }
});
