// The writes of a create (a draft under the next folio of its serie, with `invoice.created`) and of
// a stamp (the invoice update, `invoice.stamped`, the usage record), each written two ways:
//   (a) one statement carrying its companions as CTEs (invoices/statements.ts), as the service does;
//   (b) plain statements in one transaction (the folio taken first with the counter's
//       UPDATE … RETURNING, then the insert with the real folio; the update, then the event and the
//       usage record), as the service's general path does;
//   (d) for the create, only the folio token gone: in one transaction the folio first, then the
//       draft and its event in one statement with the real folio.
// On the embedded database also (c): the transactions of (b) and (d) run by PGlite on the calling thread,
// with no message to a database thread between statements: what a host message carrying a whole
// transaction would cost at best (one message per write instead of one per statement). (a) is run
// the same way, so (c) compares with it on equal terms; the difference between (a) on the thread
// and (a) in process is the cost of the messages.
// Each write is timed alone (wall time and the main thread's CPU when Node reports it, Node ≥ 23.9),
// the ways of a write one after another in an order rotated each round, and reported as medians and as a ratio to the ceiling
// measured in the same run: one `SELECT 1` on the same path, the least any write can cost.
// With DATABASE_URL, the same on PostgreSQL, then `--clients` concurrent creates on one serie's
// counter for `--seconds` each way, twice: throughput and p99 (the counter row stays locked from
// the statement that takes the folio until COMMIT answers: two round trips in (a), three in (d),
// four in (b)).
// Usage: npx tsx bench/companion-writes.ts [--writes 200] [--clients 32] [--seconds 8]
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  sql,
} from 'kysely';
import { buildApp, type App } from '../src/app.ts';
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import type { Db } from '../src/platform/db/database.ts';
import { PreparedStatements } from '../src/platform/db/pglite-statements.ts';
import type { Database } from '../src/platform/db/schema.ts';
import { newId } from '../src/platform/ids.ts';
import { emitEvents, type EventStatementOutput, statementEvents } from '../src/modules/events/index.ts';
import { createLocalManifestSigner } from '../src/modules/fiscal-profiles/index.ts';
import { assignFolio, type FolioOptions, limitLockWait } from '../src/modules/invoices/folios.ts';
import {
  findInvoiceById,
  insertInvoice,
  type InvoiceChanges,
  type InvoiceRow,
  lockFolioCounter,
  transitionInvoice,
} from '../src/modules/invoices/repository.ts';
import { IF_INSERTED, IF_UPDATED, INSERTED_FOLIO, insertWithNextFolio, transitionInvoiceWith } from '../src/modules/invoices/statements.ts';
import { recordStamp, stampUsageCtes } from '../src/modules/usage/index.ts';
import { benchInvoiceBody, benchStorage, createBenchIssuer, numberOption, percentile } from './support/bench-kit.ts';

// The database thread's settings (pglite-host.ts, which runs as a thread when imported, so is not).
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB', 'temp_buffers=4MB', 'max_wal_size=128MB'];

const writes = numberOption('writes', 200);
const clients = numberOption('clients', 32);
const seconds = numberOption('seconds', 8);

const format = (value: number, digits = 3) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, value: string) => console.log(`${label.padEnd(60)} ${value}`);
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

type ThreadCpu = () => { user: number; system: number };
const threadCpuUsage = (process as unknown as { threadCpuUsage?: ThreadCpu }).threadCpuUsage?.bind(process);

interface Sample {
  wallMs: number;
  /** The main thread's CPU (undefined when Node cannot tell it apart from the process's). */
  mainCpuMs: number | undefined;
  processCpuMs: number;
}

async function timed(work: () => Promise<unknown>): Promise<Sample> {
  const thread = threadCpuUsage?.();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const threadUsed = thread && threadCpuUsage ? threadCpuUsage() : undefined;
  return {
    wallMs,
    mainCpuMs: thread && threadUsed ? (threadUsed.user - thread.user + threadUsed.system - thread.system) / 1000 : undefined,
    processCpuMs: (used.user + used.system) / 1000,
  };
}

/** The fixtures a write copies: a draft and its stamped form, with their API objects (the events' payloads). */
interface Templates {
  organizationId: string;
  profileId: string;
  draft: InvoiceRow;
  draftObject: Record<string, unknown>;
  stamped: InvoiceRow;
  stampedObject: Record<string, unknown>;
}

interface Engine {
  name: string;
  db: Db;
  services: App['services'];
  folios: FolioOptions;
}

let sequence = 0;
const CREATE_SERIE = 'BENCH';

function draftRowOf(templates: Templates, folio: string, status: InvoiceRow['status'] = 'draft', serie = CREATE_SERIE): InvoiceRow {
  const now = new Date();
  return {
    ...templates.draft,
    id: newId('inv', now.getTime()),
    status,
    serie,
    folio,
    comprobante: { ...templates.draft.comprobante, Folio: folio },
    created_at: now,
    updated_at: now,
  };
}

const objectOf = (template: Record<string, unknown>, row: InvoiceRow) => ({ ...template, id: row.id, folio: row.folio }) as never;

/** (a) A create as the service writes it: one statement, the folio a token until the statement assigns it. */
async function createInOneStatement(engine: Engine, templates: Templates): Promise<void> {
  const token = `folio-${randomUUID()}`;
  const pending = draftRowOf(templates, token);
  const events = statementEvents(
    [{ organizationId: pending.organization_id, mode: pending.mode, type: 'invoice.created', object: objectOf(templates.draftObject, pending) }],
    engine.services,
    { when: IF_INSERTED, replace: { token, value: INSERTED_FOLIO } },
  );
  const write = async (db: Db) => {
    await limitLockWait(db, engine.folios);
    return insertWithNextFolio<EventStatementOutput>(db, pending, token, { ctes: [events.parts.ctes], columns: [events.parts.columns] });
  };
  const { inserted, output } = engine.folios.waitsForLocks ? await engine.db.transaction().execute(write) : await write(engine.db);
  if (!inserted) throw new Error('the counter reached a taken folio');
  await events.settle(engine.db, output, inserted);
}

/** (b) The same writes as plain statements in one transaction: the folio first, then the insert with it. */
async function createInTransaction(engine: Engine, templates: Templates): Promise<void> {
  await engine.db.transaction().execute(async (trx) => {
    const folio = await assignFolio(trx, templates.profileId, CREATE_SERIE, undefined, engine.folios);
    const row = draftRowOf(templates, folio);
    await insertInvoice(trx, row);
    await emitEvents(
      trx,
      [{ organizationId: row.organization_id, mode: row.mode, type: 'invoice.created', object: objectOf(templates.draftObject, row) }],
      engine.services,
    );
  });
}

/**
 * (d) Only the token gone: in one transaction, the folio first (the counter's UPDATE … RETURNING),
 * then the draft and its event in one statement with the real folio. Without the transaction a
 * failed insert would leave the counter past a folio no invoice holds.
 */
async function createFolioFirst(engine: Engine, templates: Templates): Promise<void> {
  const { at, output, events } = await engine.db.transaction().execute(async (trx) => {
    await limitLockWait(trx, engine.folios);
    const { folio, taken } = await lockFolioCounter(trx, templates.profileId, CREATE_SERIE, 1);
    if (taken) throw new Error('the counter reached a taken folio');
    const row = draftRowOf(templates, String(folio));
    const statement = statementEvents(
      [{ organizationId: row.organization_id, mode: row.mode, type: 'invoice.created', object: objectOf(templates.draftObject, row) }],
      engine.services,
    );
    const { input, comprobante, metadata, ...rest } = row;
    const insert = trx
      .insertInto('invoices')
      .values({ ...rest, input: JSON.stringify(input), comprobante: JSON.stringify(comprobante), metadata: JSON.stringify(metadata ?? {}) } as never)
      .returning('folio');
    const result = await sql<EventStatementOutput>`WITH invoice_inserted AS (${insert}), ${statement.parts.ctes} SELECT ${statement.parts.columns}`.execute(
      trx,
    );
    return { at: row, output: result.rows[0], events: statement };
  });
  if (!output || !at) throw new Error('the insert returned no row');
  await events.settle(engine.db, output, true);
}

/** An invoice being stamped, written before the timed stamp (serie STAMP, so the create counter is untouched). */
async function stampingInvoice(engine: Engine, templates: Templates): Promise<InvoiceRow> {
  sequence += 1;
  const row = { ...draftRowOf(templates, String(sequence), 'stamping', 'STAMP'), sealed_xml: templates.stamped.xml, sealed_at: new Date() };
  await insertInvoice(engine.db, row);
  return row;
}

function stampChanges(templates: Templates): InvoiceChanges {
  const { stamped } = templates;
  return {
    status: 'stamped',
    xml: stamped.xml,
    uuid: randomUUID().toUpperCase(),
    stamped_at: stamped.stamped_at,
    sello_cfd: stamped.sello_cfd,
    sello_sat: stamped.sello_sat,
    no_certificado_sat: stamped.no_certificado_sat,
    sealed_xml: null,
    sealed_at: null,
    error: null,
    comprobante: stamped.comprobante,
    updated_at: new Date(),
  };
}

/** (a) A stamp as the service stores it: the update with the event and the usage record as CTEs. */
async function stampInOneStatement(engine: Engine, templates: Templates, row: InvoiceRow): Promise<void> {
  const changes = stampChanges(templates);
  const stored = { ...row, ...changes } as InvoiceRow;
  const events = statementEvents(
    [{ organizationId: row.organization_id, mode: row.mode, type: 'invoice.stamped', object: objectOf(templates.stampedObject, stored) }],
    engine.services,
    { when: IF_UPDATED },
  );
  const usage = stampUsageCtes({ organizationId: row.organization_id, mode: row.mode, resourceId: row.id, at: changes.updated_at as Date }, IF_UPDATED);
  const { updated, output } = await transitionInvoiceWith<EventStatementOutput>(engine.db, row, ['stamping'], changes, {
    ctes: [usage, events.parts.ctes],
    columns: [events.parts.columns],
  });
  if (!updated) throw new Error('the invoice was not stamping');
  await events.settle(engine.db, output, true);
}

/** (b) The same writes as plain statements in one transaction. */
async function stampInTransaction(engine: Engine, templates: Templates, row: InvoiceRow): Promise<void> {
  const changes = stampChanges(templates);
  await engine.db.transaction().execute(async (trx) => {
    const updated = await transitionInvoice(trx, row, ['stamping'], changes);
    if (!updated) throw new Error('the invoice was not stamping');
    await emitEvents(
      trx,
      [{ organizationId: row.organization_id, mode: row.mode, type: 'invoice.stamped', object: objectOf(templates.stampedObject, updated) }],
      engine.services,
    );
    await recordStamp({ db: trx, organizationId: row.organization_id, mode: row.mode, resourceId: row.id, at: changes.updated_at as Date });
  });
}

const CREATE_WAYS = {
  one: ['(a) one statement with CTE companions', createInOneStatement],
  transaction: ['(b) plain statements in a transaction', createInTransaction],
  folioFirst: ['(d) folio first, then one statement with the event', createFolioFirst],
} as const;
const STAMP_WAYS = {
  one: ['(a) one statement with CTE companions', stampInOneStatement],
  transaction: ['(b) plain statements in a transaction', stampInTransaction],
} as const;
type CreateWay = keyof typeof CREATE_WAYS;
type StampWay = keyof typeof STAMP_WAYS;

interface Series {
  ceiling: Sample[];
  create: Record<CreateWay, Sample[]>;
  stamp: Record<StampWay, Sample[]>;
}

/** `count` rounds of each write every way, in an order rotated each round, with a `SELECT 1` beside each round. */
async function measure(engine: Engine, templates: Templates, count: number): Promise<Series> {
  const series: Series = { ceiling: [], create: { one: [], transaction: [], folioFirst: [] }, stamp: { one: [], transaction: [] } };
  const createWays = Object.keys(CREATE_WAYS) as CreateWay[];
  const stampWays = Object.keys(STAMP_WAYS) as StampWay[];
  for (let index = 0; index < count; index += 1) {
    series.ceiling.push(await timed(() => sql`SELECT 1`.execute(engine.db)));
    for (let step = 0; step < createWays.length; step += 1) {
      const way = createWays[(index + step) % createWays.length]!;
      series.create[way].push(await timed(() => CREATE_WAYS[way][1](engine, templates)));
    }
    for (let step = 0; step < stampWays.length; step += 1) {
      const way = stampWays[(index + step) % stampWays.length]!;
      const row = await stampingInvoice(engine, templates);
      series.stamp[way].push(await timed(() => STAMP_WAYS[way][1](engine, templates, row)));
    }
  }
  return series;
}

function report(label: string, series: Series): void {
  const floor = median(series.ceiling.map((sample) => sample.wallMs));
  const cpu = (samples: Sample[]) => {
    const main = samples.map((sample) => sample.mainCpuMs).filter((value): value is number => value !== undefined);
    const mainText = main.length > 0 ? `main thread ${format(median(main))} ms CPU, ` : '';
    return `${mainText}process ${format(median(samples.map((sample) => sample.processCpuMs)))} ms CPU`;
  };
  const row = (name: string, samples: Sample[], baseline: Sample[]) => {
    const wall = median(samples.map((sample) => sample.wallMs));
    const ratio = wall / median(baseline.map((sample) => sample.wallMs));
    line(`${label}: ${name}`, `${format(wall)} ms = ${format(wall / floor, 1)}× the ceiling, ${format(ratio, 2)}× (a) (${cpu(samples)})`);
  };
  line(`${label}: ceiling, one SELECT 1`, `${format(floor)} ms (${cpu(series.ceiling)})`);
  for (const way of Object.keys(CREATE_WAYS) as CreateWay[]) row(`create ${CREATE_WAYS[way][0]}`, series.create[way], series.create.one);
  for (const way of Object.keys(STAMP_WAYS) as StampWay[]) row(`stamp ${STAMP_WAYS[way][0]}`, series.stamp[way], series.stamp.one);
}

/** `clients` loops creating drafts on one serie for `budgetMs`: creates per second and p99. */
async function contend(engine: Engine, templates: Templates, create: typeof createInOneStatement, budgetMs: number) {
  const latencies: number[] = [];
  const start = performance.now();
  const client = async () => {
    while (performance.now() - start < budgetMs) {
      const began = performance.now();
      await create(engine, templates);
      latencies.push(performance.now() - began);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / ((performance.now() - start) / 1000), p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

async function setUp(databaseUrl: string | undefined) {
  const storage = await benchStorage('companions', databaseUrl);
  const config = loadConfig({ ...storage.env, RATE_LIMIT_WRITE_BURST: '1000000', RATE_LIMIT_WRITE_PER_SECOND: '1000000' });
  const app = await buildApp({
    config,
    clock: systemClock,
    deps: { fiscalProfiles: (made) => ({ ...made, manifestSigner: createLocalManifestSigner(systemClock) }) },
  });
  const simulator = app.providers.simulator;
  if (!simulator) throw new Error('the app did not start the embedded simulator');
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const issuer = await createBenchIssuer(baseUrl, simulator);
  const headers = { authorization: `Bearer ${issuer.key}`, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/v1/invoices`, { method: 'POST', headers, body: benchInvoiceBody(issuer.profileId) });
  const draftObject = (await created.json()) as Record<string, unknown> & { id: string };
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(draftObject)}`);
  const draft = await findInvoiceById(app.services.db, draftObject.id);
  const stamping = await fetch(`${baseUrl}/v1/invoices/${draftObject.id}/stamp`, { method: 'POST', headers: { authorization: headers.authorization } });
  const stampedObject = (await stamping.json()) as Record<string, unknown>;
  if (stamping.status !== 200) throw new Error(`stamp answered ${stamping.status}: ${JSON.stringify(stampedObject)}`);
  const stamped = await findInvoiceById(app.services.db, draftObject.id);
  if (!draft || !stamped) throw new Error('the template invoice is missing');
  const templates: Templates = { organizationId: issuer.organizationId, profileId: issuer.profileId, draft, draftObject, stamped, stampedObject };
  const engine: Engine = {
    name: app.services.database.kind,
    db: app.services.db,
    services: app.services,
    folios: { waitsForLocks: app.services.database.capabilities.waitsForLocks },
  };
  return { app, storage, templates, engine, dataDir: path.join(config.dataDir, 'pglite') };
}

/** Kysely on PGlite in this thread, through the same prepared statements as the database thread. */
function inProcessDb(statements: PreparedStatements): Db {
  let inTransaction = false;
  const connection: DatabaseConnection = {
    executeQuery: async <R>(compiled: CompiledQuery) => (await statements.run(compiled.sql, compiled.parameters, inTransaction)) as QueryResult<R>,
    // biome-ignore lint/correctness/useYield: Kysely requires the method; nothing here streams.
    async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
      throw new Error('not streamed');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {
      await statements.simple('BEGIN');
      inTransaction = true;
    },
    commitTransaction: async () => {
      inTransaction = false;
      await statements.simple('COMMIT');
    },
    rollbackTransaction: async () => {
      inTransaction = false;
      await statements.simple('ROLLBACK');
    },
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PGliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

async function embedded(): Promise<void> {
  const { app, storage, templates, engine, dataDir } = await setUp(undefined);
  try {
    await measure(engine, templates, Math.min(20, writes)); // warm-up: statements prepared, JIT
    report('embedded, database thread', await measure(engine, templates, writes));
    const services = app.services;
    await app.close();
    const pglite = new PGlite(dataDir, { parsers: { 20: (value: string) => Number(value) }, postgresqlconf: PGLITE_SETTINGS });
    await pglite.waitReady;
    const local: Engine = { ...engine, db: inProcessDb(new PreparedStatements(pglite)), services };
    await measure(local, templates, Math.min(20, writes));
    report('embedded, in process (c)', await measure(local, templates, writes));
    await pglite.close();
  } finally {
    await storage.remove();
  }
}

async function postgres(url: string): Promise<void> {
  const { app, storage, templates, engine } = await setUp(url);
  try {
    await measure(engine, templates, Math.min(20, writes));
    report('PostgreSQL', await measure(engine, templates, writes));
    const ways = Object.keys(CREATE_WAYS) as CreateWay[];
    for (let round = 0; round < 2; round += 1) {
      for (let step = 0; step < ways.length; step += 1) {
        const way = ways[(round + step) % ways.length]!;
        const result = await contend(engine, templates, CREATE_WAYS[way][1], seconds * 1000);
        line(
          `PostgreSQL, ${clients} concurrent creates on one serie, ${CREATE_WAYS[way][0].slice(0, 3)}`,
          `${format(result.perSecond, 0)}/s, p50 ${format(result.p50, 1)} ms, p99 ${format(result.p99, 1)} ms`,
        );
      }
    }
  } finally {
    await app.close();
    await storage.remove();
  }
}

console.log(
  `Node ${process.version}; load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}; ${writes} pairs of each write`,
);
if (!threadCpuUsage) console.log('(this Node cannot tell the main thread CPU apart: only the process CPU is shown)');
await embedded();
const url = process.env.DATABASE_URL;
if (url) await postgres(url);
console.log(
  `load average at the end ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
