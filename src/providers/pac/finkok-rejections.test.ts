import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { openCredential } from '../../cfdi/credentials.ts';
import type { SatCredential } from '../../cfdi/credentials.ts';
import { writeCfdi } from '../../cfdi/writer.ts';
import { ManualClock } from '../../platform/clock.ts';
import { startSimulator } from '../../simulator/index.ts';
import type { RunningSimulator } from '../../simulator/index.ts';
import { buildComprobante, fechaAt, sealedXml, sealWith } from '../../simulator/testing.test-support.ts';
import { satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import { FinkokPacClient } from './finkok-client.ts';

const clock = new ManualClock('2026-07-15T18:00:00Z');
let simulator: RunningSimulator;
let client: FinkokPacClient;
let csd: SatCredential;

before(async () => {
  simulator = await startSimulator({ clock });
  client = new FinkokPacClient({ baseUrl: simulator.url, username: simulator.deps.settings.pacUsername, password: simulator.deps.settings.pacPassword });
  csd = (await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd' })).credential;
});

after(() => simulator.close());

async function stampError(xml: string): Promise<ProviderError> {
  try {
    await client.stamp(xml);
  } catch (error) {
    assert.ok(error instanceof ProviderError, String(error));
    assert.equal(error.retryable, false);
    return error;
  }
  assert.fail('the PAC stamped a CFDI it must reject');
}

async function expectRejection(xml: string, code: string, providerCode: string): Promise<void> {
  const error = await stampError(xml);
  assert.equal(error.code, code, error.detail);
  assert.equal(error.providerCode, providerCode, error.detail);
}

test('text that is not XML is 301 (cfdi.malformed_xml)', async () => {
  await expectRejection('esto no es xml', 'cfdi.malformed_xml', '301');
  await expectRejection('<cfdi:Comprobante', 'cfdi.malformed_xml', '301');
});

test('XML that is not a CFDI 4.0 is 705 (cfdi.malformed_xml)', async () => {
  await expectRejection('<?xml version="1.0"?><factura/>', 'cfdi.malformed_xml', '705');
  const withoutEmisor = sealedXml(csd, { fecha: fechaAt(clock) }).replace(/<cfdi:Emisor [^>]*\/>/, '');
  await expectRejection(withoutEmisor, 'cfdi.malformed_xml', '705');
});

test('a seal that no longer matches the content is CFDI40102 (cfdi.sello_mismatch)', async () => {
  const xml = sealedXml(csd, { fecha: fechaAt(clock), folio: '100' }).replace('Folio="100"', 'Folio="101"');
  await expectRejection(xml, 'cfdi.sello_mismatch', 'CFDI40102');
});

test('a Sello that is not a signature is 302 (cfdi.malformed_sello)', async () => {
  const model = sealWith(buildComprobante(csd, { fecha: fechaAt(clock) }), csd);
  await expectRejection(writeCfdi({ ...model, Sello: 'bm8gZXMgdW4gc2VsbG8=' }), 'cfdi.malformed_sello', '302');
});

test('a CFDI sealed with a FIEL is 306 (cfdi.not_a_csd)', async () => {
  const fiel = (await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'fiel' })).credential;
  await expectRejection(sealedXml(fiel, { fecha: fechaAt(clock) }), 'cfdi.not_a_csd', '306');
});

test('a CSD of another RFC is 303 (cfdi.csd_rfc_mismatch)', async () => {
  await expectRejection(sealedXml(csd, { fecha: fechaAt(clock), emisorRfc: 'AAA010101AAA' }), 'cfdi.csd_rfc_mismatch', '303');
});

test('a certificate no SAT authority issued is 308 (pac.certificate_invalid)', async () => {
  const elsewhere = await startSimulator({ clock });
  try {
    const foreign = (await elsewhere.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd' })).credential;
    await expectRejection(sealedXml(foreign, { fecha: fechaAt(clock) }), 'pac.certificate_invalid', '308');
  } finally {
    await elsewhere.close();
  }
});

test('an expired CSD is 304 (pac.certificate_revoked)', async () => {
  const expired = (
    await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd', validFrom: new Date('2021-01-01T00:00:00Z'), validTo: new Date('2025-01-01T00:00:00Z') })
  ).credential;
  await expectRejection(sealedXml(expired, { fecha: fechaAt(clock) }), 'pac.certificate_revoked', '304');
});

test('a revoked CSD is 304 (pac.certificate_revoked)', async () => {
  const issued = await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd' });
  await simulator.ca.revoke(issued.noCertificado, clock.now());
  await expectRejection(sealedXml(issued.credential, { fecha: fechaAt(clock) }), 'pac.certificate_revoked', '304');
});

test("the SAT's expired test CSD is 304 (pac.certificate_revoked)", { skip: skipWithoutShared }, async () => {
  const folder = satPath('credentials/expired/EKU9003173C9_CSD_30001000000400002434');
  const expired = openCredential(fs.readFileSync(`${folder}/EKU9003173C9.cer`), fs.readFileSync(`${folder}/EKU9003173C9.key`), '12345678a');
  await expectRejection(sealedXml(expired, { fecha: fechaAt(clock) }), 'pac.certificate_revoked', '304');
});

test('a Fecha before the CSD became valid is 305 (cfdi.csd_expired)', async () => {
  // Issued certificates start one hour before the clock's now.
  await expectRejection(sealedXml(csd, { fecha: fechaAt(clock, -180) }), 'cfdi.csd_expired', '305');
});

test('a Fecha in the future is 401 (cfdi.fecha_in_future); a few minutes of skew are tolerated', async () => {
  await expectRejection(sealedXml(csd, { fecha: fechaAt(clock, 30) }), 'cfdi.fecha_in_future', '401');
  const skewed = await client.stamp(sealedXml(csd, { fecha: fechaAt(clock, 2), folio: 'skew' }));
  assert.ok(skewed.uuid);
});

test('a Fecha older than 72 hours is 401 (cfdi.fecha_too_old)', async () => {
  const longLived = (await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd', validFrom: new Date('2026-01-01T00:00:00Z') })).credential;
  await expectRejection(sealedXml(longLived, { fecha: fechaAt(clock, -(72 * 60 + 5)) }), 'cfdi.fecha_too_old', '401');
  const justInside = await client.stamp(sealedXml(longLived, { fecha: fechaAt(clock, -(72 * 60 - 5)), folio: 'inside' }));
  assert.ok(justInside.uuid);
});

test('wrong arithmetic is rejected with the SAT code of the rule (cfdi.invalid_input)', async () => {
  const wrongTotal = sealedXml(csd, { fecha: fechaAt(clock), beforeSeal: (model) => ({ ...model, Total: '9999.99' }) });
  await expectRejection(wrongTotal, 'cfdi.invalid_input', 'CFDI40119');
  const wrongSubTotal = sealedXml(csd, { fecha: fechaAt(clock), beforeSeal: (model) => ({ ...model, SubTotal: '1.00' }) });
  const error = await stampError(wrongSubTotal);
  assert.match(error.detail, /CFDI40108/);
});

test('an emisor outside the LCO is 402 (cfdi.emisor_not_in_lco), by magic Serie or by the taxpayer registry', async () => {
  await expectRejection(sealedXml(csd, { fecha: fechaAt(clock), serie: 'SIMNOLCO' }), 'cfdi.emisor_not_in_lco', '402');
  const other = (await simulator.ca.issue({ rfc: 'FUNK671228PH6', kind: 'csd' })).credential;
  await simulator.ledger.upsertTaxpayer(
    { rfc: 'FUNK671228PH6', name: 'KARLA FUENTE NOLASCO', regimenFiscal: '612', postalCode: '06600', inLco: false, efos: '200' },
    clock.now(),
  );
  await expectRejection(sealedXml(other, { fecha: fechaAt(clock) }), 'cfdi.emisor_not_in_lco', '402');
});
