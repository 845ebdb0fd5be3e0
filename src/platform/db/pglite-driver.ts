/**
 * Kysely on PGlite with prepared statements. PGlite's own `query` sends every statement as five
 * protocol messages, each one a separate pass through the embedded server, and has it parsed and
 * planned again each time; for the multi-CTE writes of this service, planning alone cost more
 * than executing. Here each distinct SQL text is parsed (and described, for its parameter types)
 * once under a name, and each execution is a single pass: Bind, Describe, Execute, Sync. Values
 * are serialized and rows parsed by PGlite's own type handlers, exactly as `query` does.
 *
 * The driver takes PGlite's exclusive lock (`runExclusive`) for each statement outside a
 * transaction and for the whole of a transaction, so that it never interleaves with other users
 * of the instance (migrations run through `exec`).
 */
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery, PGliteAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult,
} from 'kysely';

type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

const { serialize } = protocol;
/** Distinct statements kept prepared; the least recently used is closed beyond this. */
export const PREPARED_STATEMENTS_LIMIT = 1_000;
// "prepared statement does not exist", and "cached plan must not change result type" after DDL.
const STALE_STATEMENT = new Set(['26000', '0A000']);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const encoder = new TextEncoder();
// Describe (portal), Execute (all rows) and Sync, the same after every Bind.
const EXECUTE_TAIL = concat([serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);

/**
 * Bind (unnamed portal, every value and result as text) followed by EXECUTE_TAIL, in one buffer
 * sized once: pg-protocol's writer measures each string twice and grows its buffer step by step,
 * which for the kilobytes of XML and JSON an invoice writes cost more than the execution.
 */
function bindAndExecute(statement: string, values: readonly (string | null)[]): Uint8Array {
  let bound = 16 + statement.length * 3 + EXECUTE_TAIL.length;
  for (const value of values) bound += 4 + (value === null ? 0 : value.length * 3);
  const buffer = new Uint8Array(bound);
  const view = new DataView(buffer.buffer);
  buffer[0] = 0x42; // 'B'; the length (bytes 1–4) is written last
  let offset = 5;
  buffer[offset++] = 0; // the unnamed portal
  offset += encoder.encodeInto(statement, buffer.subarray(offset)).written;
  buffer[offset++] = 0;
  view.setInt16(offset, 0); // no parameter format codes: all text
  view.setInt16(offset + 2, values.length);
  offset += 4;
  for (const value of values) {
    if (value === null) {
      view.setInt32(offset, -1);
      offset += 4;
      continue;
    }
    const { written } = encoder.encodeInto(value, buffer.subarray(offset + 4));
    view.setInt32(offset, written);
    offset += 4 + written;
  }
  view.setInt16(offset, 0); // no result format codes: all text
  offset += 2;
  view.setInt32(1, offset - 1);
  buffer.set(EXECUTE_TAIL, offset);
  return buffer.subarray(0, offset + EXECUTE_TAIL.length);
}

interface Prepared {
  name: string;
  parameterTypes: number[];
}

class PreparedConnection implements DatabaseConnection {
  private readonly prepared = new Map<string, Prepared>();
  private readonly closing: Uint8Array[] = [];
  private sequence = 0;
  /** Passes through PGlite's protocol (each one a round trip on a server). */
  roundTrips = 0;
  private release: (() => void) | undefined;
  private released: Promise<void> | undefined;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.release) return this.run<R>(compiled);
    return this.pglite.runExclusive(() => this.run<R>(compiled));
  }

  // biome-ignore lint/correctness/useYield: Kysely requires the method; PGlite has no cursor to stream from.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  /** Holds PGlite's exclusive lock from BEGIN to COMMIT or ROLLBACK. */
  async begin(): Promise<void> {
    let acquired!: () => void;
    const holding = new Promise<void>((resolve) => { acquired = resolve; });
    this.released = this.pglite.runExclusive(() => new Promise<void>((resolve) => {
      this.release = resolve;
      acquired();
    }));
    await holding;
    try {
      await this.simple('BEGIN');
    } catch (error) {
      await this.end();
      throw error;
    }
  }

  async finish(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    try {
      const tag = await this.simple(command);
      // COMMIT of a transaction a failed statement aborted answers ROLLBACK (PostgreSQL 25P02).
      if (command === 'COMMIT' && tag === 'ROLLBACK') {
        throw Object.assign(new Error('The transaction was aborted by an earlier error and rolled back'), { code: '25P02' });
      }
    } finally {
      await this.end();
    }
  }

  /** Closes every prepared statement (after DDL run outside Kysely, which may change their results). */
  forget(): void {
    for (const statement of this.prepared.values()) this.closing.push(serialize.close({ type: 'S', name: statement.name }));
    this.prepared.clear();
  }

  private async end(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
    await this.released;
  }

  private async simple(command: string): Promise<string | undefined> {
    this.roundTrips += 1;
    const { messages } = await this.pglite.execProtocol(concat([serialize.query(command), serialize.sync()]), { syncToFs: false });
    const complete = messages.find((message) => message.name === 'commandComplete') as { text?: string } | undefined;
    return complete?.text;
  }

  private async run<R>(compiled: CompiledQuery, retried = false): Promise<QueryResult<R>> {
    const statement = await this.prepare(compiled.sql);
    const values = compiled.parameters.map((value, index) => this.serialized(value, statement.parameterTypes[index]));
    let messages: Message[];
    this.roundTrips += 1;
    try {
      ({ messages } = await this.pglite.execProtocol(
        this.closing.length > 0 ? concat([...this.closing.splice(0), bindAndExecute(statement.name, values)]) : bindAndExecute(statement.name, values),
        { syncToFs: !this.release },
      ));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (retried || typeof code !== 'string' || !STALE_STATEMENT.has(code) || this.release) throw error;
      this.prepared.delete(compiled.sql);
      return this.run<R>(compiled, true);
    }
    const [result] = parse.parseResults(messages, this.pglite.parsers, { rowMode: 'object' });
    return {
      rows: (result?.rows ?? []) as R[],
      ...(result?.affectedRows != null ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  private serialized(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : this.pglite.serializers[type];
    return serializer ? serializer(value) : String(value);
  }

  private async prepare(text: string): Promise<Prepared> {
    const known = this.prepared.get(text);
    if (known) {
      // Most recently used last, so the first entry is the one to close when full.
      this.prepared.delete(text);
      this.prepared.set(text, known);
      return known;
    }
    this.sequence += 1;
    this.roundTrips += 1;
    const name = `kysely_${this.sequence}`;
    const { messages } = await this.pglite.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    this.prepared.set(text, statement);
    if (this.prepared.size > PREPARED_STATEMENTS_LIMIT) {
      const [oldest, entry] = this.prepared.entries().next().value as [string, Prepared];
      this.prepared.delete(oldest);
      this.closing.push(serialize.close({ type: 'S', name: entry.name }));
    }
    return statement;
  }
}

class PreparedPGliteDriver implements Driver {
  readonly connection: PreparedConnection;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PreparedConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    await this.connection.begin();
  }

  async commitTransaction(): Promise<void> {
    await this.connection.finish('COMMIT');
  }

  async rollbackTransaction(): Promise<void> {
    await this.connection.finish('ROLLBACK');
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/** The dialect, `forget` to drop the prepared statements after DDL run outside Kysely, and a round-trip count. */
export function preparedPGliteDialect(pglite: PGlite): { dialect: Dialect; forget(): void; roundTrips(): number } {
  const driver = new PreparedPGliteDriver(pglite);
  const dialect: Dialect = {
    createAdapter: () => new PGliteAdapter(),
    createDriver: () => driver,
    createIntrospector: (db: Kysely<any>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  return { dialect, forget: () => driver.connection.forget(), roundTrips: () => driver.connection.roundTrips };
}
