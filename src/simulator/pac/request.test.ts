import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../platform/errors/api-error.ts';
import type { WorkerPool } from '../../platform/workers/pool.ts';
import { SoapFault } from '../soap.ts';
import { readPacRequest } from './request.ts';

const ENVELOPE = (inner: string) =>
  `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><t:stamp xmlns:t="http://facturacion.finkok.com/stamp"><t:xml>${inner}</t:xml><t:username>u</t:username></t:stamp></s:Body></s:Envelope>`;

function pool(run: () => Promise<unknown>): { pool: WorkerPool; calls: () => number } {
  let calls = 0;
  const fake = {
    run: () => {
      calls += 1;
      return run();
    },
  };
  return { pool: fake as unknown as WorkerPool, calls: () => calls };
}

test('a small request is read on the event loop; its CFDI parameter is examined and left out of the operation', async () => {
  const unused = pool(() => Promise.reject(new Error('not for a small request')));
  const request = await readPacRequest(unused.pool, ENVELOPE('bm90IHhtbA=='), true);
  assert.equal(unused.calls(), 0);
  assert.equal(request.operation.local, 'stamp');
  assert.deepEqual(
    request.operation.children.map((node) => ('local' in node ? node.local : 'text')),
    ['username'],
  );
  assert.equal(request.cfdi?.outcome, 'rejected');
});

test('a large request goes to the pool, and a full pool is a Server fault with HTTP 503', async () => {
  const busy = pool(() => Promise.reject(new ApiError('service.overloaded', 'busy')));
  const large = ENVELOPE('A'.repeat(100_000));
  await assert.rejects(readPacRequest(busy.pool, large, true), (error: unknown) => {
    assert.ok(error instanceof SoapFault);
    assert.equal(error.faultCode, 'Server');
    assert.equal(error.httpStatus, 503);
    return true;
  });
  assert.equal(busy.calls(), 1);
  const faulted = pool(() => Promise.resolve({ fault: { faultCode: 'Client', message: 'The SOAP Body is empty.', httpStatus: 500 } }));
  await assert.rejects(readPacRequest(faulted.pool, large, true), (error: unknown) => error instanceof SoapFault && error.faultCode === 'Client');
});
