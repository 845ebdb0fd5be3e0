import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProviderError, providerProblem } from './errors.ts';

test('a provider that did not answer (timeout, unreachable) may have acted: transient even when not marked retryable', () => {
  for (const failure of ['timeout', 'unreachable'] as const) {
    const error = new ProviderError('pac.internal_error', 'no answer', { retryable: false, failure });
    assert.deepEqual([error.outcomeUnknown, error.transient], [true, true]);
  }
  const refused = new ProviderError('pac.auth_failed', 'Usuario o contraseña inválidos', { retryable: false, providerCode: '702' });
  assert.deepEqual([refused.failure, refused.outcomeUnknown, refused.transient, refused.providerCode], ['refused', false, false, '702']);
});

test("a definitive failure is the provider's code and words, without Retry-After", () => {
  const error = new ProviderError('pac.auth_failed', 'Usuario o contraseña inválidos', { retryable: false });
  const problem = providerProblem(error, { retryAfterSeconds: 7, transientDetail: () => ({ en: 'later', es: 'después' }) });
  assert.deepEqual(
    [problem.code, problem.status, problem.detail, problem.detailEs, problem.headers],
    ['pac.auth_failed', 422, 'Usuario o contraseña inválidos', undefined, {}],
  );
  assert.equal(problem.cause, error);
});

test("a transient failure carries the policy's Retry-After, code and bilingual wording", () => {
  const error = new ProviderError('download.request_failed', 'SAT 5006: Error interno', { retryable: true, providerCode: '5006' });
  const problem = providerProblem(error, {
    retryAfterSeconds: 30,
    code: (failure) => (failure.transient ? 'pac.internal_error' : failure.code),
    transientDetail: (failure) => ({ en: `${failure.detail}; again`, es: 'de nuevo' }),
  });
  assert.deepEqual(
    [problem.code, problem.detail, problem.detailEs, problem.headers],
    ['pac.internal_error', 'SAT 5006: Error interno; again', 'de nuevo', { 'Retry-After': '30' }],
  );
});

test('an operation left open answers every failure as transient', () => {
  const error = new ProviderError('pac.auth_failed', 'Usuario o contraseña inválidos', { retryable: false });
  const problem = providerProblem(error, { retryAfterSeconds: 5, pending: true });
  assert.deepEqual([problem.code, problem.detail, problem.headers], ['pac.auth_failed', 'Usuario o contraseña inválidos', { 'Retry-After': '5' }]);
});
