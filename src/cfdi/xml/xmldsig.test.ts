import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { signEnveloped, verifyEnveloped } from './xmldsig.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const fakeCertificate = Buffer.from('not a certificate');
const ACUSE =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Acuse xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Fecha="2026-07-15T10:00:00" RfcEmisor="H&amp;E951128469"><Folios xmlns="http://cancelacfd.sat.gob.mx"><UUID>ABC</UUID><EstatusUUID>201</EstatusUUID></Folios></Acuse>';

test('an enveloped signature verifies, and any change to the signed content is detected', () => {
  const signed = signEnveloped(ACUSE, { privateKey, certificateDer: fakeCertificate, hash: 'sha256', referenceCanonicalization: 'exclusive', id: 'SelloSAT' });
  assert.equal(verifyEnveloped(signed, publicKey).ok, true);
  const tampered = verifyEnveloped(signed.replace('<EstatusUUID>201', '<EstatusUUID>202'), publicKey);
  assert.deepEqual([tampered.ok, !tampered.ok && tampered.failure], [false, 'digest_mismatch']);
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
  const foreign = verifyEnveloped(signed, otherKey);
  assert.deepEqual([foreign.ok, !foreign.ok && foreign.failure], [false, 'bad_signature']);
});

test('the two signing forms: SHA-1 over canonical XML 1.0 (enveloped transform alone) and SHA-256 over exclusive C14N', () => {
  const contract = signEnveloped('<documento><contrato rfc="X" fecha="2026-07-15T12:00:00">texto</contrato></documento>', {
    privateKey,
    certificateDer: fakeCertificate,
    hash: 'sha1',
    referenceCanonicalization: 'inclusive',
  });
  // SignedInfo is written in its canonical form (exclusive C14N): empty elements as start-end tags.
  assert.match(contract, /<Transforms><Transform Algorithm="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#enveloped-signature"><\/Transform><\/Transforms>/);
  assert.match(contract, /<SignatureMethod Algorithm="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#rsa-sha1">/);
  assert.match(contract, /<X509Certificate>bm90IGEgY2VydGlmaWNhdGU=<\/X509Certificate><\/X509Data><\/KeyInfo><\/Signature><\/documento>$/);
  assert.equal(verifyEnveloped(contract, publicKey).ok, true);
  const acuse = signEnveloped(ACUSE, {
    privateKey,
    certificateDer: fakeCertificate,
    hash: 'sha256',
    referenceCanonicalization: 'exclusive',
    id: 'SelloSAT',
    keyName: '0001',
  });
  assert.match(acuse, /<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#" Id="SelloSAT">/);
  assert.match(
    acuse,
    /<Transform Algorithm="http:\/\/www\.w3\.org\/2001\/10\/xml-exc-c14n#"><\/Transform><\/Transforms><DigestMethod Algorithm="http:\/\/www\.w3\.org\/2001\/04\/xmlenc#sha256">/,
  );
  assert.match(acuse, /<KeyInfo><KeyName>0001<\/KeyName><X509Data>/);
  const withCertificate = verifyEnveloped(acuse, publicKey);
  assert.deepEqual([withCertificate.ok, withCertificate.certificateDer], [true, fakeCertificate]);
});

test('unsigned, broken or non-enveloped documents are reported, never thrown', () => {
  const failure = (xml: string) => {
    const check = verifyEnveloped(xml, publicKey);
    return check.ok ? 'ok' : check.failure;
  };
  assert.equal(failure('<a/>'), 'no_signature');
  assert.equal(failure('<a'), 'no_signature');
  assert.equal(failure('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'), 'no_signature');
  const signed = signEnveloped(ACUSE, { privateKey, certificateDer: fakeCertificate, hash: 'sha256', referenceCanonicalization: 'exclusive' });
  assert.equal(failure(signed.replace('Reference URI=""', 'Reference URI="#x"')), 'malformed');
  assert.equal(failure(signed.replace(/<Transform Algorithm="[^"]+enveloped-signature"><\/Transform>/, '')), 'malformed');
  assert.equal(failure(signed.replace('xmldsig-more#rsa-sha256', 'xmldsig-more#rsa-md5')), 'malformed');
  const unknownKey = verifyEnveloped(signed);
  assert.deepEqual([unknownKey.ok, !unknownKey.ok && unknownKey.failure], [false, 'no_certificate']);
});
