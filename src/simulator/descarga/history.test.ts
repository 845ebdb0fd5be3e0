import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Rfc } from '@nodecfdi/rfc';
import {
  COUNTERPARTIES,
  coordinatesOf,
  formatCents,
  monthBounds,
  monthlyCount,
  publicationLagMs,
  syntheticCfdi,
  THIRD_PARTIES,
  thirdPartyOf,
  totalCents,
} from './history.ts';
import { instantOf, localDateTime, monthNumberOf } from './local-time.ts';
import { amountText, metadataText, METADATA_HEADER, thirdPartyText } from './metadata.ts';
import { readDescargaSettings } from './settings.ts';
import { comprobanteOf } from './synthetic-xml.ts';
import { TokenAuthority, tokenFromAuthorization } from './token.ts';

const ZONE = 'America/Mexico_City';
const OWNER = 'EKU9003173C9';
const PARTY = { rfc: OWNER, name: 'ESCUELA KEMPER URGATE', postalCode: '42501', regimenFiscal: '601' };

describe('deterministic synthetic history', () => {
  test('the same RFC, side, month and index always give the same CFDI, inside its month, its UUID carrying its coordinates', () => {
    const month = monthNumberOf('2024-02-01T00:00:00');
    const bounds = monthBounds(month, ZONE);
    const uuids = new Set<string>();
    for (const side of ['issued', 'received'] as const) {
      const count = monthlyCount(OWNER, side, month, 100);
      assert.ok(count >= 70 && count <= 130, String(count));
      assert.equal(monthlyCount(OWNER, side, month, 100), count);
      for (let index = 0; index < count; index++) {
        const cfdi = syntheticCfdi({ owner: OWNER, side, month, index }, bounds, 0.05);
        assert.deepEqual(syntheticCfdi({ owner: OWNER, side, month, index }, monthBounds(month, ZONE), 0.05), cfdi);
        assert.ok(localDateTime(new Date(cfdi.issuedAt), ZONE).startsWith('2024-02-'));
        assert.ok(cfdi.stampedAt > cfdi.issuedAt && cfdi.stampedAt - cfdi.issuedAt <= 600_000);
        assert.deepEqual(coordinatesOf(cfdi.uuid), { side, month, index });
        uuids.add(cfdi.uuid);
      }
    }
    assert.equal(uuids.size, monthlyCount(OWNER, 'issued', month, 100) + monthlyCount(OWNER, 'received', month, 100));
    assert.notDeepEqual(
      syntheticCfdi({ owner: 'FUNK671228PH6', side: 'issued', month, index: 0 }, bounds, 0.05).uuid,
      syntheticCfdi({ owner: OWNER, side: 'issued', month, index: 0 }, bounds, 0.05).uuid,
    );
  });

  test('publication lag is 24 to 72 hours, fixed per UUID; counterparties are valid RFCs', () => {
    const bounds = monthBounds(monthNumberOf('2025-06-01T00:00:00'), ZONE);
    const lags = Array.from({ length: 2_000 }, (_, index) => {
      const { uuid } = syntheticCfdi({ owner: OWNER, side: 'received', month: monthNumberOf('2025-06-01T00:00:00'), index }, bounds, 0);
      assert.equal(publicationLagMs(uuid, 24, 72), publicationLagMs(uuid.toLowerCase(), 24, 72));
      return publicationLagMs(uuid, 24, 72);
    });
    assert.ok(Math.min(...lags) >= 24 * 3_600_000 && Math.max(...lags) <= 72 * 3_600_000);
    assert.ok(Math.max(...lags) - Math.min(...lags) > 40 * 3_600_000, 'the lags spread over the window');
    assert.equal(new Set(COUNTERPARTIES.map((party) => party.rfc)).size, COUNTERPARTIES.length);
    for (const party of COUNTERPARTIES) assert.ok(Rfc.isValid(party.rfc) && party.rfc.length === 12, party.rfc);
  });

  test("the engine's computeTotals gives every synthetic CFDI the Total its metadata announces", () => {
    const month = monthNumberOf('2023-11-01T00:00:00');
    const bounds = monthBounds(month, ZONE);
    for (let index = 0; index < 1_000; index++) {
      const cfdi = syntheticCfdi({ owner: OWNER, side: 'issued', month, index }, bounds, 0);
      const comprobante = comprobanteOf(cfdi, PARTY, { ...COUNTERPARTIES[cfdi.counterparty]!, regimenFiscal: '601' }, ZONE);
      assert.equal(comprobante.Total, formatCents(totalCents(cfdi.subtotalCents)));
      assert.equal(comprobante.Fecha, localDateTime(new Date(cfdi.issuedAt), ZONE));
    }
  });
});

describe('synthetic third parties', () => {
  test('every ingreso whose index in its month is a multiple of 5 is issued on behalf of THIRD_PARTIES[month % 3], and its Concepto says so; no other CFDI is', () => {
    const month = monthNumberOf('2024-05-01T00:00:00');
    const bounds = monthBounds(month, ZONE);
    let onBehalf = 0;
    for (let index = 0; index < 60; index++) {
      const cfdi = syntheticCfdi({ owner: OWNER, side: 'issued', month, index }, bounds, 0);
      const expected = cfdi.tipo === 'I' && index % 5 === 0 ? THIRD_PARTIES[month % 3] : undefined;
      assert.equal(thirdPartyOf(cfdi), expected, `${index} ${cfdi.tipo}`);
      const concepto = comprobanteOf(cfdi, PARTY, { ...COUNTERPARTIES[cfdi.counterparty]!, regimenFiscal: '601' }, ZONE).Conceptos[0]!;
      assert.deepEqual(
        concepto.ACuentaTerceros,
        expected && {
          RfcACuentaTerceros: expected.rfc,
          NombreACuentaTerceros: expected.name,
          RegimenFiscalACuentaTerceros: '612',
          DomicilioFiscalACuentaTerceros: expected.postalCode,
        },
      );
      if (expected) onBehalf += 1;
    }
    assert.ok(onBehalf >= 8, `about a fifth of the ingresos (${onBehalf} of 60 CFDIs)`);
    for (const party of THIRD_PARTIES) assert.ok(Rfc.isValid(party.rfc) && party.rfc.length === 13, `${party.rfc}: a persona física`);
    assert.ok(!THIRD_PARTIES.some((party) => COUNTERPARTIES.some((other) => other.rfc === party.rfc)));
  });

  test('the _tercero.txt text: its header, one ~-separated line per CFDI and third party, CRLF', () => {
    assert.equal(
      thirdPartyText([{ uuid: 'U', rfcACuentaTerceros: 'R', nombreACuentaTerceros: 'N~O\r\nP' }]),
      'Uuid~RfcACuentaTerceros~NombreACuentaTerceros\r\nU~R~N O P\r\n',
    );
  });
});

describe('local time, metadata text, settings and tokens', () => {
  test('local Mexico City time converts both ways, also across the old daylight-saving changes', () => {
    for (const local of ['2022-04-03T01:30:00', '2022-04-03T03:30:00', '2021-10-31T00:59:59', '2026-07-15T12:00:00', '2020-02-29T23:59:59']) {
      assert.equal(localDateTime(instantOf(local, ZONE), ZONE), local);
    }
    assert.equal(instantOf('2026-07-15T12:00:00', ZONE).toISOString(), '2026-07-15T18:00:00.000Z');
  });

  test('metadata lines use ~ and CRLF, keep fields on one line and write amounts as the CFDI does', () => {
    const row = {
      uuid: 'U',
      rfcEmisor: 'A',
      nombreEmisor: 'X~Y\r\nZ',
      rfcReceptor: 'B',
      nombreReceptor: 'N',
      rfcPac: 'P',
      fechaEmision: 'F',
      fechaCertificacionSat: 'C',
      monto: '1.00',
      efectoComprobante: 'I',
      estatus: '1' as const,
      fechaCancelacion: '',
    };
    assert.equal(metadataText([row]), `${METADATA_HEADER}\r\nU~A~X Y Z~B~N~P~F~C~1.00~I~1~\r\n`);
    assert.deepEqual(['1160.000000', '0.500000', '12.345600', '7'].map(amountText), ['1160.00', '0.50', '12.3456', '7.00']);
  });

  test('settings reject unknown keys and impossible values', () => {
    assert.equal(readDescargaSettings({ cfdiPerPackage: 5 }).cfdiPerPackage, 5);
    assert.throws(() => readDescargaSettings({ packages: 1 }), /Unknown/);
    assert.throws(() => readDescargaSettings({ cfdiPerPackage: 0 }), /at least 1/);
    assert.throws(() => readDescargaSettings({ cancelledShare: 2 }), /at most 1/);
    assert.throws(() => readDescargaSettings({ issuedPerMonth: '10' }), /number/);
  });

  test("satPacing: the SAT's pace by default, the sandbox's quick one with 0, and single settings over either", () => {
    const pace = (settings: ReturnType<typeof readDescargaSettings>) => [
      settings.acceptedSeconds,
      settings.processingSeconds,
      settings.publicationLagMinHours,
      settings.publicationLagMaxHours,
    ];
    assert.deepEqual(pace(readDescargaSettings({})), [10, 120, 24, 72]);
    assert.deepEqual(pace(readDescargaSettings({ satPacing: 1 })), [10, 120, 24, 72]);
    assert.deepEqual(pace(readDescargaSettings({ satPacing: 0 })), [0, 0, 0, 0]);
    assert.deepEqual(pace(readDescargaSettings({ satPacing: 0, publicationLagMinHours: 24, publicationLagMaxHours: 72 })), [0, 0, 24, 72]);
    assert.deepEqual(pace(readDescargaSettings({ satPacing: 1, processingSeconds: 6 })), [10, 6, 24, 72]);
    assert.throws(() => readDescargaSettings({ satPacing: 2 }), /satPacing/);
  });

  test('tokens last their lifetime, carry the FIEL serial and refuse any alteration', () => {
    const tokens = new TokenAuthority(300);
    const now = new Date('2026-07-15T18:00:00Z');
    const issued = tokens.issue('30001000000500003415', now);
    assert.match(issued.value, /%26wrap_subject%3d3330303031303030303030353030303033343135$/);
    assert.equal(tokenFromAuthorization(`WRAP access_token="${issued.value}"`), issued.value);
    assert.ok(tokens.verify(issued.value, new Date(now.getTime() + 299_000)));
    assert.equal(tokens.verify(issued.value, new Date(now.getTime() + 300_000)), undefined);
    assert.equal(new TokenAuthority(300).verify(issued.value, now), undefined, 'another simulator did not issue it');
    const [header, payload, rest] = issued.value.split('.');
    const forged = Buffer.from(payload!, 'base64url')
      .toString()
      .replace(/"exp":\d+/, '"exp":9999999999');
    assert.equal(tokens.verify(`${header}.${Buffer.from(forged).toString('base64url')}.${rest}`, now), undefined);
    assert.equal(tokenFromAuthorization('Bearer abc'), undefined);
  });
});
