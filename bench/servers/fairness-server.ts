// The server of bench/fairness.ts, in a process of its own so that the clients' work is not the
// server's: the app as `invoicing serve` runs it (embedded database on disk, or a temporary
// database on the PostgreSQL server of DATABASE_URL, the SAT/PAC simulator
// in-process, default rate limits and load shedding), a victim and an attacker organization, and
// the event loop's delay measured inside this process, reported over IPC.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../src/app.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { benchStorage, createBenchIssuer } from '../support/bench-kit.ts';

const storage = await benchStorage('fairness', process.env.DATABASE_URL);
const config = loadConfig(storage.env);
const app = await buildApp({ config, clock: systemClock });
const simulator = app.providers.simulator;
if (!simulator) throw new Error('the app did not start the embedded simulator');
app.startWorker();
await app.server.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const victimKey = (await createBenchIssuer(baseUrl, simulator, 'Victim')).key;
const { key: attackerKey, profileId, csd } = await createBenchIssuer(baseUrl, simulator, 'Attacker');

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
  attackerKey,
  profileId,
  csd: {
    cer_base64: csd.cerDer.toString('base64'),
    password: csd.password,
    plainKeyPem: csd.credential.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  },
});
