// The server of bench/fairness.ts, in a process of its own so that the clients' work is not the
// server's: the app as `invoicing serve` runs it (embedded database on disk, or a temporary
// database on the PostgreSQL server of DATABASE_URL, the SAT/PAC simulator
// in-process, default rate limits and load shedding), a victim and an attacker organization, and
// the event loop's delay measured inside this process, reported over IPC. Also: a CFDI stamped
// for the victim (what its validations send), and in the attacker's CFDI store a stamped CFDI
// with a 200,000-element Addenda (stored as a download stores it; the Addenda is outside the
// seal, so the CFDI is as genuine as any).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../src/app.ts';
import { storeCfdiDocuments } from '../../src/modules/cfdis/index.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { benchStorage, createBenchIssuer, patientFetch } from '../support/bench-kit.ts';

const storage = await benchStorage('fairness', process.env.DATABASE_URL);
const config = loadConfig(storage.env);
const app = await buildApp({ config, clock: systemClock });
const simulator = app.providers.simulator;
if (!simulator) throw new Error('the app did not start the embedded simulator');
app.startWorker();
await app.server.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const victim = await createBenchIssuer(baseUrl, simulator, 'Victim');
const victimKey = victim.key;
const { organizationId: attackerOrganizationId, key: attackerKey, profileId, csd } = await createBenchIssuer(baseUrl, simulator, 'Attacker');

/** An invoice created and stamped through the API for `key`'s profile; its XML. Like a well-behaved client, it waits out 429 and 503. */
async function stampedXml(key: string, fiscalProfileId: string, serie: string): Promise<string> {
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const response = await patientFetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const created = (await (
    await call('POST', '/v1/invoices', {
      fiscal_profile_id: fiscalProfileId,
      serie,
      payment_form: '03',
      customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' },
      items: [
        { product_key: '81112100', unit_key: 'E48', description: 'Consultoría', quantity: '1', unit_price: '1500.00', taxes: [{ type: 'IVA', rate: '0.16' }] },
      ],
    })
  ).json()) as { id: string };
  await call('POST', `/v1/invoices/${created.id}/stamp`);
  return (await call('GET', `/v1/invoices/${created.id}/xml`)).text();
}

const victimXml = await stampedXml(victimKey, victim.profileId, 'VICTIM');
const ADDENDA_ELEMENTS = 200_000;
// 11 bytes an element: about 2 MB of Addenda.
const addenda = `<cfdi:Addenda><a:Lineas xmlns:a="urn:bench">${'<a:l v=""/>'.repeat(ADDENDA_ELEMENTS - 1)}</a:Lineas></cfdi:Addenda>`;
const largeXml = (await stampedXml(attackerKey, profileId, 'ADDENDA')).replace('</cfdi:Comprobante>', `${addenda}</cfdi:Comprobante>`);
const largeCfdiUuid = /TimbreFiscalDigital[^>]*?UUID="([^"]+)"/.exec(largeXml)![1]!.toUpperCase();
const stored = await storeCfdiDocuments(
  app.services,
  { organizationId: attackerOrganizationId, mode: 'test', fiscalProfileId: profileId, side: 'issued', downloadId: null, sourceRequest: null },
  [{ name: `${largeCfdiUuid}.xml`, xml: Buffer.from(largeXml) }],
);
if (stored.inserted !== 1) throw new Error(`the large CFDI was not stored: ${JSON.stringify(stored)}`);

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    histogram.reset();
    process.send?.({ type: 'reset' });
  } else if (message.type === 'lag') {
    process.send?.({ type: 'lag', p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6 });
  } else if (message.type === 'stop') {
    void app.close().finally(() => storage.remove().finally(() => process.exit(0)));
  }
});

process.send?.({
  type: 'ready',
  baseUrl,
  simulatorUrl: simulator.url,
  victimKey,
  victimXml,
  attackerKey,
  largeCfdi: { uuid: largeCfdiUuid, bytes: Buffer.byteLength(largeXml), addendaElements: ADDENDA_ELEMENTS },
  profileId,
  csd: {
    cer_base64: csd.cerDer.toString('base64'),
    password: csd.password,
    plainKeyPem: csd.credential.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  },
});
