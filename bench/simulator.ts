/**
 * Simulator throughput, each figure next to a ceiling measured in the same run.
 *
 * Sections (run all, or name some: `npx tsx bench/simulator.ts stamping`):
 *   - stamping: stamps per second through the PAC protocol (FinkokPacClient → SOAP over loopback
 *     HTTP → simulator: parse, seal verification, rules, TFD signature, ledger insert, answer),
 *     16 requests in flight, against raw async crypto.sign with a cached key (target ≥ 40%).
 * To add a section, write an async function and register it in SECTIONS.
 * Needs nothing from ../shared: the simulator's own CA issues the CSD.
 */
import { sign } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { SatCredential } from '../src/cfdi/credentials.ts';
import { FinkokPacClient } from '../src/providers/pac/finkok-client.ts';
import { startSimulator } from '../src/simulator/index.ts';
import { bulkDownloadSection } from './simulator-download.ts';
import { fechaAt, sealedXml } from '../src/simulator/testing.test-support.ts';
import { systemClock } from '../src/platform/clock.ts';

const STAMP_CONCURRENCY = 16;
const STAMP_BUDGET_MS = 6_000;
const SIGN_BUDGET_MS = 3_000;
const SIGN_CONCURRENCY = 4; // libuv's default thread pool size
const ROUNDS = 2;
/** Sealed documents prepared before each stamping round: more than its budget can stamp. */
const DOCUMENTS_PER_ROUND = 12_000;

const format = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: value < 100 ? 1 : 0 });
export const line = (label: string, value: string) => console.log(`${label.padEnd(62)} ${value}`);
const verdict = (ratio: number, target: number) => `${ratio.toFixed(1)}% (target ≥ ${target}%: ${ratio >= target ? 'met' : 'NOT met'})`;

export interface Rate {
  /** Operations per wall-clock second. */
  perSecond: number;
  /** Process CPU time (all threads, user + system) per operation, in milliseconds. */
  cpuMs: number;
}

/** Keeps `concurrency` async tasks in flight for about `budgetMs`. */
export async function rateAsync(task: (index: number) => Promise<unknown>, concurrency: number, budgetMs: number): Promise<Rate> {
  let count = 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const worker = async () => {
    while (performance.now() - start < budgetMs) await task(count++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpu = process.cpuUsage(cpuBefore);
  return { perSecond: count / ((performance.now() - start) / 1000), cpuMs: (cpu.user + cpu.system) / 1000 / count };
}

const best = (a: Rate | undefined, b: Rate): Rate => (a === undefined || b.perSecond > a.perSecond ? b : a);

function rawSigner(credential: SatCredential): (index: number) => Promise<Buffer> {
  const data = Buffer.from(`||1.1|00000000-0000-0000-0000-000000000000|2026-07-15T12:00:00|SPR190613I52|${'A'.repeat(344)}|30001000000900000002||`, 'utf8');
  return () =>
    new Promise((resolve, reject) => sign('sha256', data, credential.privateKey, (error, signature) => (error ? reject(error) : resolve(signature))));
}

async function stampingSection(): Promise<void> {
  console.log('\n# Stamping through the PAC protocol (client → loopback HTTP → simulator)');
  const simulator = await startSimulator({ clock: systemClock });
  try {
    const { settings } = simulator.deps;
    const client = new FinkokPacClient({ baseUrl: simulator.url, username: settings.pacUsername, password: settings.pacPassword });
    const csd = (await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd', validFrom: new Date(Date.now() - 86_400_000) })).credential;
    const fecha = fechaAt(systemClock, -10);
    // Every request is a different sealed comprobante (a repeated one would be a 307 duplicate).
    let folio = 0;
    const nextXml = () => sealedXml(csd, { fecha, folio: String((folio += 1)), serie: 'BENCH' });
    const warmUp = await client.stamp(nextXml());
    if (!warmUp.uuid) throw new Error('the warm-up stamp failed');
    const signRaw = rawSigner(simulator.ca.stamping);
    let raw: Rate | undefined;
    let stamps: Rate | undefined;
    for (let round = 0; round < ROUNDS; round += 1) {
      raw = best(raw, await rateAsync(signRaw, SIGN_CONCURRENCY, SIGN_BUDGET_MS));
      const documents = Array.from({ length: DOCUMENTS_PER_ROUND }, nextXml);
      stamps = best(
        stamps,
        await rateAsync(
          async (index) => {
            const xml = documents[index];
            if (xml === undefined) throw new Error('the bench ran out of prepared documents; raise their number');
            await client.stamp(xml);
          },
          STAMP_CONCURRENCY,
          STAMP_BUDGET_MS,
        ),
      );
    }
    if (!raw || !stamps) return;
    line(`raw crypto.sign (RSA-2048, cached key), ${SIGN_CONCURRENCY} in flight (best of ${ROUNDS})`, `${format(raw.perSecond)} signatures/s`);
    line(`PAC stamp over SOAP, ${STAMP_CONCURRENCY} in flight (best of ${ROUNDS})`, `${format(stamps.perSecond)} stamps/s`);
    line('stamping rate / raw signing rate', verdict((100 * stamps.perSecond) / raw.perSecond, 40));
    // CPU time per operation does not depend on what else the machine runs meanwhile.
    line('CPU per raw signature / per stamp (client + server, all threads)', `${raw.cpuMs.toFixed(2)} ms / ${stamps.cpuMs.toFixed(2)} ms`);
    line('raw signature CPU / stamp CPU (informational)', `${((100 * raw.cpuMs) / stamps.cpuMs).toFixed(1)}%`);
    line('CFDIs in the ledger after the run', String(await simulator.ledger.count({})));
  } finally {
    await simulator.close();
  }
}

const SECTIONS: Record<string, () => Promise<void>> = {
  stamping: stampingSection,
  download: () => bulkDownloadSection(process.argv.includes('--full')),
};

async function main(): Promise<void> {
  const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const names = requested.length > 0 ? requested : Object.keys(SECTIONS);
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  for (const name of names) {
    const section = SECTIONS[name];
    if (!section) throw new Error(`Unknown section "${name}"; known: ${Object.keys(SECTIONS).join(', ')}`);
    await section();
  }
}

await main();
