import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseExpression } from './expression.ts';

test('the CFDI 3.3/4.0 expression and the 3.2 one are read', () => {
  assert.deepEqual(
    parseExpression(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=04BF2854-FE7D-4377-9196-71248F060ABB&re=CSM190311AH6&rr=MCI7306249Y1&tt=459.36&fe=5tSZhA==',
    ),
    { uuid: '04BF2854-FE7D-4377-9196-71248F060ABB', rfcEmisor: 'CSM190311AH6', rfcReceptor: 'MCI7306249Y1', total: '459.36', sello: '5tSZhA==' },
  );
  assert.deepEqual(parseExpression('?re=H&amp;E951128469&rr=XAXX010101000&tt=0000001000.000000&id=ad662d33-6934-459c-a128-bdf0393e0f44'), {
    uuid: 'AD662D33-6934-459C-A128-BDF0393E0F44',
    rfcEmisor: 'H&E951128469',
    rfcReceptor: 'XAXX010101000',
    total: '0000001000.000000',
  });
});

test('an expression the SAT would call invalid (N - 601) is rejected', () => {
  for (const expression of [
    '',
    'id=04BF2854-FE7D-4377-9196-71248F060ABB',
    '?a=foo&b=bar',
    '?re=CSM190311AH6&rr=MCI7306249Y1&tt=459.36', // no id
    '?id=04BF2854&re=CSM190311AH6&rr=MCI7306249Y1&tt=459.36', // short UUID
    '?id=04BF2854-FE7D-4377-9196-71248F060ABB&re=csm190311ah6&rr=MCI7306249Y1&tt=459.36', // lower-case RFC
    '?id=04BF2854-FE7D-4377-9196-71248F060ABB&re=CSM190311AH6&rr=MCI7306249Y1&tt=1,000.00',
    '?id=04BF2854-FE7D-4377-9196-71248F060ABB&re=CSM190311AH6&rr=MCI7306249Y1&tt=459.36&fe=abc',
    '?id=04BF2854-FE7D-4377-9196-71248F060ABB&id=04BF2854-FE7D-4377-9196-71248F060ABB&re=CSM190311AH6&rr=MCI7306249Y1&tt=1',
  ]) {
    assert.equal(parseExpression(expression), undefined, expression);
  }
});
