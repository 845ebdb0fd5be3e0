import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { signEnveloped, verifyEnveloped } from './xmldsig.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const fakeCertificate = Buffer.from('not a certificate');

test('an enveloped signature verifies, and any change to the signed content is detected', () => {
  const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<Acuse xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Fecha="2026-07-15T10:00:00" RfcEmisor="H&amp;E951128469"><Folios xmlns="http://cancelacfd.sat.gob.mx"><UUID>ABC</UUID><EstatusUUID>201</EstatusUUID></Folios></Acuse>';
  const signed = signEnveloped(xml, { privateKey, certificateDer: fakeCertificate, id: 'SelloSAT' });
  assert.equal(verifyEnveloped(signed, publicKey).ok, true);
  const tampered = signed.replace('<EstatusUUID>201', '<EstatusUUID>202');
  const result = verifyEnveloped(tampered, publicKey);
  assert.equal(result.ok, false);
  assert.equal(result.failure, 'digest_mismatch');
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
  assert.equal(verifyEnveloped(signed, otherKey).failure, 'bad_signature');
});

test('unsigned or broken documents are reported, never thrown', () => {
  assert.equal(verifyEnveloped('<a/>', publicKey).failure, 'no_signature');
  assert.equal(verifyEnveloped('<a', publicKey).failure, 'no_signature');
  assert.equal(verifyEnveloped('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', publicKey).failure, 'no_signature');
});
