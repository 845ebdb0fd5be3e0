// The server of bench/validations.ts, in a process of its own so that the client's work is not
// counted as the server's: the app as `invoicing serve` runs it (embedded database, simulator
// in-process, one worker thread), a fiscal profile, 4–30 KB CFDIs stamped through the API, and the
// SAT status answered in memory (no network is timed). It reports its CPU time and peak RSS over IPC.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.ts';
import { readCertificate } from '../../src/cfdi/credentials.ts';
import { findTimbre } from '../../src/cfdi/model.ts';
import { parseCfdi } from '../../src/cfdi/parse.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createBenchIssuer } from '../support/bench-kit.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-validations-'));
const config = loadConfig({
  APP_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  MASTER_KEY: randomBytes(32).toString('base64'),
  WORKER_THREADS: '1',
  LOAD_SHED_QUEUE_MS: '0',
  RATE_LIMIT_READ_BURST: '1000000',
  RATE_LIMIT_READ_PER_SECOND: '1000000',
  RATE_LIMIT_WRITE_BURST: '1000000',
  RATE_LIMIT_WRITE_PER_SECOND: '1000000',
});
// The SAT status is answered in memory: validations are built with that fake.
const app = await buildApp({
  config,
  clock: systemClock,
  deps: {
    validations: (made) => ({
      ...made,
      satStatusFor: () => ({
        authority: 'simulator' as const,
        query: async () => ({
          found: true,
          codigoEstatus: 'S - Comprobante obtenido satisfactoriamente.',
          estado: 'Vigente',
          esCancelable: 'Cancelable sin aceptación',
          estatusCancelacion: '',
          validacionEfos: '200',
          cancellable: 'without_acceptance' as const,
          efosListed: false,
        }),
      }),
    }),
  },
});
const simulator = app.providers.simulator!;
await app.server.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const { key, profileId, csd } = await createBenchIssuer(baseUrl, simulator);
const authorized = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

// Stamped CFDIs from 1 to 60 items: about 4 to 30 KB.
const documents: string[] = [];
for (const items of [1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 56, 60]) {
  const body = {
    fiscal_profile_id: profileId,
    serie: 'VAL',
    payment_form: '03',
    customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' },
    items: Array.from({ length: items }, (_, index) => ({
      product_key: '81112100',
      unit_key: 'E48',
      description: `Servicio ${index + 1} de consultoría especializada`,
      quantity: '2',
      unit_price: '750.00',
      taxes: [{ type: 'IVA', rate: '0.16' }],
    })),
  };
  const created = (await (await fetch(`${baseUrl}/v1/invoices`, { method: 'POST', headers: authorized, body: JSON.stringify(body) })).json()) as { id: string };
  await fetch(`${baseUrl}/v1/invoices/${created.id}/stamp`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
  documents.push(
    Buffer.from(await (await fetch(`${baseUrl}/v1/invoices/${created.id}/xml`, { headers: { authorization: `Bearer ${key}` } })).arrayBuffer()).toString(
      'base64',
    ),
  );
}
const satDer = await simulator.ca.certificateDer(findTimbre(parseCfdi(Buffer.from(documents[0]!, 'base64')).comprobante)!.NoCertificadoSAT);
readCertificate(satDer!);

let peakRss = process.memoryUsage().rss;
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20).unref();

process.on('message', (message: { type: string }) => {
  if (message.type === 'usage') {
    const cpu = process.cpuUsage();
    process.send?.({
      type: 'usage',
      cpuMs: (cpu.user + cpu.system) / 1000,
      loopActiveMs: performance.eventLoopUtilization().active,
      peakRss,
      rss: process.memoryUsage().rss,
    });
    peakRss = process.memoryUsage().rss;
  } else if (message.type === 'stop') {
    void app.close().finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send?.({ type: 'ready', baseUrl, key, documents, issuerCer: csd.cerDer.toString('base64'), satCer: satDer!.toString('base64') });
