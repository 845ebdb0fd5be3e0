/**
 * SAT catalog search latency on the embedded database (PGlite), the same query the API runs
 * (GET /v1/catalogs/codigo_postal?q=…), over c_CodigoPostal's 95,748 rows:
 *   - p50/p95/p99 per kind of query and overall, against a ceiling measured in the same run: one
 *     full scan of the catalog's rows with the same LIKE (what a search that matches nothing
 *     costs), so the ratio says how close the search is to the price of reading every row once.
 *     PGlite runs in this process, so each query's CPU time is measured too: on a machine shared
 *     with other work, wall-clock percentiles mostly measure the other work; CPU time does not;
 *   - the same searches through HTTP (app.inject), and the in-memory time-zone lookup;
 *   - the import itself (parse, validate, write 95,748 rows, switch versions);
 *   - the ranked search over the shipped c_ClaveProdServ (52,514 keys), target p99 ≤ 20 ms.
 * Run: npx tsx bench/catalogs.ts   (about a minute; uses ../shared/sat/catalogs, or generated postal
 * codes when ../shared is absent)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createCatalogStore } from '../src/modules/catalogs/catalog-store.ts';
import { importCatalogs } from '../src/modules/catalogs/import-catalogs.ts';
import { searchTerms } from '../src/modules/catalogs/normalize.ts';
import { searchEntries } from '../src/modules/catalogs/repository.ts';
import { registerCatalogRoutes } from '../src/modules/catalogs/routes.ts';
import { MEXICAN_STATES } from '../src/modules/catalogs/time-zones.ts';
import { definitionOf } from '../src/modules/catalogs/definitions.ts';
import { searchable, wordsOf } from '../src/modules/catalogs/normalize.ts';
import { tidyEntries } from '../src/modules/catalogs/repository.ts';
import { readShippedFile } from '../src/modules/catalogs/shipped.ts';
import { writeCatalogs } from '../src/modules/catalogs/store.ts';
import { packagePath } from '../src/platform/runtime/layout.ts';
import { createTestApp } from '../test/support/app.ts';
import { hasShared, satPath } from '../test/support/shared.ts';

const QUERIES_PER_KIND = 200;
const HTTP_QUERIES = 300;
const PAGE_SIZE = 20;
// No search may cost more than a few passes over the catalog: the worst one (no match) is one pass.
const P99_TARGET_RATIO = 3;

/** A deterministic pseudo-random sequence, so every run asks the same questions. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Without ../shared: one postal code per 1,000th of the range, as many as the SAT catalog has. */
function generatedCatalog(): string {
  const states = Object.keys(MEXICAN_STATES);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-bench-'));
  const lines = ['c_CodigoPostal,c_Estado,c_Municipio,c_Localidad'];
  for (let index = 0; index < 95_748; index++) {
    const code = String(Math.floor((index * 100_000) / 95_748)).padStart(5, '0');
    lines.push(`${code},${states[Math.floor(index / 3_000) % states.length]},${String(index % 100).padStart(3, '0')},`);
  }
  fs.writeFileSync(path.join(folder, 'c_CodigoPostal.csv'), `${lines.join('\n')}\n`);
  return folder;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function summary(samples: number[]): { p50: number; p95: number; p99: number; max: number } {
  const sorted = [...samples].sort((left, right) => left - right);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1]! };
}

interface Sample {
  wall: number;
  cpu: number;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const line = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);
const report = (label: string, samples: Sample[]) => {
  const wall = summary(samples.map((sample) => sample.wall));
  const cpu = summary(samples.map((sample) => sample.cpu));
  line(label, `wall p50 ${ms(wall.p50)} p99 ${ms(wall.p99)} | CPU p50 ${ms(cpu.p50)} p95 ${ms(cpu.p95)} p99 ${ms(cpu.p99)}`);
};

async function timed(work: () => Promise<unknown>): Promise<Sample> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await work();
  const cpu = process.cpuUsage(cpuStart);
  return { wall: performance.now() - start, cpu: (cpu.user + cpu.system) / 1000 };
}

const random = sequence(20_260_715);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
const STATE_NAMES = Object.values(MEXICAN_STATES).map((state) => state.name);

/** The kinds of questions users ask of the postal-code catalog. */
const QUERY_KINDS: Record<string, () => { q: string; startingAfter?: string }> = {
  'code prefix (2-5 digits)': () => ({ q: digits(2 + Math.floor(random() * 4)) }),
  'state name (accents dropped, lower case)': () => ({ q: pick(STATE_NAMES).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() }),
  'no match (reads every row)': () => ({ q: `zz${digits(3)}` }),
  'browse a page after a code': () => ({ q: '', startingAfter: digits(5) }),
};

async function main(): Promise<void> {
  const load = os.loadavg()[0]!.toFixed(1);
  const source = hasShared ? satPath('catalogs') : generatedCatalog();
  console.log(
    `Catalog search benchmark: Node ${process.version}, ${os.cpus().length} CPUs (load average ${load}), PGlite in memory, ${hasShared ? '../shared/sat/catalogs' : 'generated postal codes'}`,
  );

  const t = await createTestApp();
  if (!t.app.server.hasRoute({ method: 'GET', url: '/v1/catalogs' })) registerCatalogRoutes(t.app.server, t.app.services);
  const db = t.app.services.db;
  const store = await createCatalogStore(db, { clock: t.clock });
  const imported = await timed(() => importCatalogs(db, source, { clock: t.clock }));
  await store.refresh();
  const rows = store.index.entries('codigo_postal').length;
  line(
    'import (parse, validate, write, switch)',
    `${ms(imported.wall)} wall, ${ms(imported.cpu)} CPU for ${rows.toLocaleString('en-US')} postal codes (and the other files)`,
  );

  // Ceiling: one pass over every row of the catalog with a LIKE on its search text.
  const scans: Sample[] = [];
  for (let round = 0; round < 30; round++) {
    scans.push(await timed(() => sql`SELECT count(*) FROM catalog_entries WHERE search_text LIKE ${`%zz${digits(3)}%`}`.execute(db)));
  }
  const scan = summary(scans.map((sample) => sample.cpu)).p50;
  report('ceiling: one full scan of the catalog', scans);

  const all: Sample[] = [];
  for (const [label, make] of Object.entries(QUERY_KINDS)) {
    const samples: Sample[] = [];
    for (let round = 0; round < QUERIES_PER_KIND; round++) {
      const { q, startingAfter } = make();
      samples.push(await timed(() => searchEntries(db, { slug: 'codigo_postal', terms: searchTerms(q), limit: PAGE_SIZE, startingAfter })));
    }
    report(`  ${label}`, samples);
    all.push(...samples);
  }
  report('search, all kinds (database query)', all);
  const ratio = summary(all.map((sample) => sample.cpu)).p99 / scan;
  line('CPU p99 / one full scan (CPU p50)', `${ratio.toFixed(2)}× (target ≤ ${P99_TARGET_RATIO}×: ${ratio <= P99_TARGET_RATIO ? 'met' : 'NOT met'})`);

  const { liveKey } = await t.bootstrap();
  const http: Sample[] = [];
  const kinds = Object.values(QUERY_KINDS);
  for (let round = 0; round < HTTP_QUERIES; round++) {
    const { q, startingAfter } = kinds[round % kinds.length]!();
    const query = new URLSearchParams({ q, limit: String(PAGE_SIZE), ...(startingAfter ? { starting_after: startingAfter } : {}) });
    http.push(
      await timed(async () => {
        const response = await t.request({ method: 'GET', url: `/v1/catalogs/codigo_postal?${query}`, key: liveKey });
        if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}: ${response.body}`);
      }),
    );
  }
  report('search through HTTP (inject, auth, JSON)', http);

  const lookups: Sample[] = [];
  for (let round = 0; round < 10_000; round++) lookups.push(await timed(async () => store.index.postalCodeTimeZone(digits(5))));
  report('postal-code time zone lookup (in memory)', lookups);
  await productSearch(t);
  await t.close();
}

/**
 * The ranked search over the shipped c_ClaveProdServ (52,514 keys with their similar words), as
 * GET /v1/catalogs/clave_prod_serv?q=… runs it: target p99 ≤ 20 ms per query. Words are drawn from
 * the catalog's own descriptions, so every query is one a person could type.
 */
async function productSearch(t: Awaited<ReturnType<typeof createTestApp>>): Promise<void> {
  const db = t.app.services.db;
  const file = 'c_ClaveProdServ.csv.gz';
  const entries = await readShippedFile(packagePath(`sat-catalogs/${file}`), definitionOf('clave_prod_serv'), file);
  const loaded = await timed(() =>
    writeCatalogs(db, [{ slug: 'clave_prod_serv', entries, origin: 'shipped', source: file, release: 'bench' }], { at: new Date(), policy: 'shipped' }),
  );
  line('c_ClaveProdServ load (rows and word index)', `${ms(loaded.wall)} wall, ${ms(loaded.cpu)} CPU for ${entries.length.toLocaleString('en-US')} keys`);
  await tidyEntries(db);
  const words = [...new Set(entries.flatMap((entry) => wordsOf(searchable(entry.description))))].filter((word) => word.length >= 4);
  const common = ['servicios', 'equipo', 'productos', 'materiales', 'accesorios'];
  const codes = entries.map((entry) => entry.code);
  const kinds: Record<string, () => string> = {
    'exact code': () => pick(codes),
    'code prefix (4-6 digits)': () => pick(codes).slice(0, 4 + Math.floor(random() * 3)),
    'one word': () => pick(words),
    'a word prefix (4 letters)': () => pick(words).slice(0, 4),
    'two words': () => `${pick(words)} ${pick(words)}`,
    'a common word (thousands of matches)': () => `${pick(common)} ${random() < 0.5 ? '' : 'de'}`.trim(),
    'common word and a word': () => `${pick(common)} ${pick(words)}`,
    'no match': () => `zq${digits(3)}x`,
  };
  const usage = new Map(codes.slice(0, 50).map((code, index) => [code, 50 - index]));
  const all: Sample[] = [];
  for (const [label, make] of Object.entries(kinds)) {
    const samples: Sample[] = [];
    for (let round = 0; round < QUERIES_PER_KIND; round++) {
      const q = make();
      samples.push(await timed(() => searchEntries(db, { slug: 'clave_prod_serv', terms: searchTerms(q), limit: PAGE_SIZE, usage })));
    }
    report(`  ${label}`, samples);
    all.push(...samples);
  }
  report('c_ClaveProdServ ranked search, all kinds', all);
  const p99 = summary(all.map((sample) => sample.cpu)).p99;
  line('c_ClaveProdServ CPU p99', `${ms(p99)} (target ≤ 20 ms: ${p99 <= 20 ? 'met' : 'NOT met'})`);
}

await main();
