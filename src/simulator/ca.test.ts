import assert from 'node:assert/strict';
import { test } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openCsd, openFiel, readCertificate } from '../cfdi/credentials.ts';
import { ManualClock } from '../platform/clock.ts';
import { satPath, skipWithoutShared } from '../../test/support/shared.ts';
import { startSimulator } from './index.ts';

test('the CA issues CSD and FIEL certificates that the engine classifies by RFC, number and kind', async () => {
  const clock = new ManualClock('2026-07-15T12:00:00Z');
  const simulator = await startSimulator({ clock });
  try {
    const csd = await simulator.ca.issue({ rfc: 'OÑO120726RX3', kind: 'csd', name: 'ORGANICOS ÑAVEZ OSORIO' });
    const fiel = await simulator.ca.issue({ rfc: 'H&E951128469', kind: 'fiel' });
    const opened = openCsd(csd.cerDer, csd.keyPkcs8EncryptedDer, csd.password, { now: clock.now() });
    assert.equal(opened.certificate.rfc, 'OÑO120726RX3');
    assert.equal(opened.certificate.kind, 'csd');
    assert.equal(opened.certificate.branchName, 'Sucursal 1');
    assert.equal(opened.certificate.legalName, 'ORGANICOS ÑAVEZ OSORIO');
    assert.match(opened.certificate.serialNumber, /^[0-9]{20}$/);
    assert.equal(opened.certificate.serialNumber, csd.noCertificado);
    const openedFiel = openFiel(fiel.cerDer, fiel.keyPkcs8EncryptedDer, fiel.password, { now: clock.now() });
    assert.equal(openedFiel.certificate.rfc, 'H&E951128469');
    assert.equal(openedFiel.certificate.kind, 'fiel');
    assert.notEqual(fiel.noCertificado, csd.noCertificado);
    assert.equal(simulator.ca.trustOf(opened.certificate), 'simulator');
    assert.equal(simulator.ca.stamping.certificate.rfc, simulator.deps.settings.pacRfc);
    assert.equal(simulator.ca.stamping.certificate.kind, 'csd');
    // Published by number, DER.
    const response = await fetch(`${simulator.url}/certificates/${simulator.ca.stamping.certificate.serialNumber}.cer`);
    assert.equal(response.status, 200);
    assert.equal(readCertificate(new Uint8Array(await response.arrayBuffer())).serialNumber, simulator.ca.stamping.certificate.serialNumber);
    assert.equal((await fetch(`${simulator.url}/certificates/00000000000000000000.cer`)).status, 404);
  } finally {
    await simulator.close();
  }
});

test('the CA trusts the SAT test certificates by issuer', { skip: skipWithoutShared }, async () => {
  const simulator = await startSimulator({ clock: new ManualClock() });
  try {
    for (const file of [
      'EKU9003173C9_CSD_30001000000500003416/EKU9003173C9.cer',
      'EKU9003173C9_FIEL_30001000000500003415/EKU9003173C9.cer',
      'expired/LAN7008173R5_CSD_20001000000300022815/LAN7008173R5.cer',
    ]) {
      assert.equal(simulator.ca.trustOf(readCertificate(fs.readFileSync(satPath('credentials', file)))), 'sat', file);
    }
  } finally {
    await simulator.close();
  }
});

test('the CA is created on first start and kept: a restart signs with the same timbrado certificate', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simulator-ca-'));
  try {
    const first = await startSimulator({ dataDir, clock: new ManualClock() });
    const serial = first.ca.stamping.certificate.serialNumber;
    const issued = await first.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd' });
    await first.ca.revoke(issued.noCertificado, new Date('2026-07-15T12:00:00Z'));
    await first.close();
    const second = await startSimulator({ dataDir, clock: new ManualClock() });
    try {
      assert.equal(second.ca.stamping.certificate.serialNumber, serial);
      assert.equal(second.ca.trustOf(issued.certificate), 'simulator');
      assert.equal(await second.ca.isRevoked(issued.noCertificado, new Date('2026-07-16T00:00:00Z')), true);
      assert.equal(await second.ca.isRevoked(issued.noCertificado, new Date('2026-07-14T00:00:00Z')), false);
      const next = await second.ca.issue({ rfc: 'EKU9003173C9', kind: 'fiel' });
      assert.notEqual(next.noCertificado, issued.noCertificado);
    } finally {
      await second.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
