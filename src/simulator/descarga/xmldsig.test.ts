import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { XmlElement } from 'libxml2-wasm';
import { readCertificate } from '../../cfdi/credentials.ts';
import { satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { childElement, elementChildren } from '../../cfdi/xml/libxml2-document.ts';
import { DSIG_NAMESPACE, decodeBase64, readSignature, verifySignature } from '../../cfdi/xml/xmldsig.ts';
import type { SignatureCheck } from '../../cfdi/xml/xmldsig.ts';
import { WSSE_NAMESPACE, WSU_NAMESPACE, parseEnvelope } from './envelope.ts';

const RECORDED = [
  'query/request-issued.xml',
  'query/request-received.xml',
  'query/request-item.xml',
  'verify/request.xml',
  'download/request.xml',
  'python-satcfdi/request.xml',
];

function check(xml: string): SignatureCheck | string {
  const envelope = parseEnvelope(xml);
  if (typeof envelope === 'string') return envelope;
  try {
    let signature: XmlElement | undefined;
    let target: XmlElement;
    let certificate: Buffer | undefined;
    const security = envelope.header && childElement(envelope.header, WSSE_NAMESPACE, 'Security');
    if (security) {
      signature = childElement(security, DSIG_NAMESPACE, 'Signature');
      target = elementChildren(security).find((child) => child.namespaceUri === WSU_NAMESPACE)!;
      certificate = decodeBase64(childElement(security, WSSE_NAMESPACE, 'BinarySecurityToken')!.content.trim());
    } else {
      target = envelope.operation!;
      const request = elementChildren(target)[0]!;
      signature = childElement(request, DSIG_NAMESPACE, 'Signature');
      certificate = decodeBase64(/<X509Certificate>([^<]+)</.exec(xml)![1]!);
    }
    if (!signature) return 'no signature';
    const parts = readSignature(signature);
    if (typeof parts === 'string') return parts;
    return verifySignature({ signature, parts, target, publicKey: readCertificate(certificate!).publicKey, tolerateReindentation: true });
  } finally {
    envelope.dispose();
  }
}

describe('XML-DSig verification of bulk download requests', { skip: skipWithoutShared }, () => {
  const recorded = (file: string) => fs.readFileSync(satPath('protocols/descarga-masiva', file), 'utf8');

  test('every recorded request (phpcfdi and python-satcfdi, re-indented after signing) verifies', () => {
    for (const file of [...RECORDED, 'authenticate/request.xml', 'python-satcfdi/test_sat_service_authentication.xml']) {
      assert.deepEqual(check(recorded(file)), { ok: true }, file);
    }
  });

  test('the same requests without the indentation verify too, and any change to a signed value does not', () => {
    for (const file of RECORDED) {
      const xml = recorded(file);
      assert.deepEqual(check(xml.replace(/>\s+</g, '><')), { ok: true }, file);
      const altered = xml.replace(/RfcSolicitante="EKU9003173C9"/, 'RfcSolicitante="EKU9003173C8"');
      assert.deepEqual(check(altered), { ok: false, failure: 'digest_mismatch', message: 'The DigestValue does not match the signed content.' }, file);
      const forged = xml.replace(/<SignatureValue>[A-Za-z0-9]/, (start) => `${start.slice(0, -1)}${start.endsWith('A') ? 'B' : 'A'}`);
      assert.deepEqual(check(forged), { ok: false, failure: 'bad_signature', message: 'The SignatureValue does not verify with the key.' }, file);
    }
    const timestamp = recorded('authenticate/request.xml').replace('2019-08-01T03:43:19.000Z', '2019-08-01T04:43:19.000Z');
    assert.equal((check(timestamp) as { failure?: string }).failure, 'digest_mismatch');
  });

  test('signatures with unknown algorithms, missing parts or non-base64 values are malformed', () => {
    const xml = recorded('verify/request.xml');
    const broken = [
      xml.replace('http://www.w3.org/2000/09/xmldsig#rsa-sha1', 'http://example.com/rsa-md5'),
      xml.replace(/<DigestValue>[^<]+<\/DigestValue>/, ''),
      xml.replace(/<SignatureValue>/, '<SignatureValue>***'),
      xml.replace('http://www.w3.org/2001/10/xml-exc-c14n#"/>\n              </Transforms>', 'urn:unknown"/>\n              </Transforms>'),
    ];
    for (const body of broken) assert.equal(typeof check(body), 'string');
  });
});
