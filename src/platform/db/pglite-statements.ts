/**
 * PGlite with prepared statements, run on the database's worker thread (pglite-host.ts). PGlite's
 * own `query` sends every statement as five protocol messages, each one a separate pass through
 * the embedded server, and has it parsed and planned again each time; for the multi-CTE writes of
 * this service, planning alone cost more than executing. Here each distinct SQL text is parsed
 * (and described, for its parameter types) once under a name, and each execution is a single
 * pass: Bind, Describe, Execute, Sync. Values are serialized and rows parsed by PGlite's own type
 * handlers, exactly as `query` does.
 *
 * One caller at a time: the host runs requests in order, and the driver on the main thread
 * (pglite-driver.ts) keeps a transaction's statements together.
 */
import { parse, protocol, type PGlite } from '@electric-sql/pglite';

type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

const { serialize } = protocol;
/** Distinct statements kept prepared; the least recently used is closed beyond this. */
export const PREPARED_STATEMENTS_LIMIT = 1_000;
// "prepared statement does not exist", and "cached plan must not change result type" after DDL.
const STALE_STATEMENT = new Set(['26000', '0A000']);
const BYTEA = 17;

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
 * Bind (unnamed portal, every value and result as text; a value given as bytes is its text's
 * UTF-8, copied as it is) followed by EXECUTE_TAIL, in one buffer
 * sized once: pg-protocol's writer measures each string twice and grows its buffer step by step,
 * which for the kilobytes of XML and JSON an invoice writes cost more than the execution.
 */
function bindAndExecute(statement: string, values: readonly (string | Uint8Array | null)[]): Uint8Array {
  let bound = 16 + statement.length * 3 + EXECUTE_TAIL.length;
  for (const value of values) bound += 4 + (value === null ? 0 : typeof value === 'string' ? value.length * 3 : value.length);
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
    let written = value.length;
    if (typeof value === 'string') ({ written } = encoder.encodeInto(value, buffer.subarray(offset + 4)));
    else buffer.set(value, offset + 4);
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

/** What a statement gives back: its rows (parsed by PGlite's type handlers) and the rows it changed. */
export interface StatementResult {
  rows: Record<string, unknown>[];
  numAffectedRows?: bigint;
}

export class PreparedStatements {
  private readonly prepared = new Map<string, Prepared>();
  private readonly closing: Uint8Array[] = [];
  private sequence = 0;
  /** Passes through PGlite's protocol (each one a round trip on a server). */
  roundTrips = 0;

  constructor(private readonly pglite: PGlite) {}

  /** A command without parameters (BEGIN, COMMIT, ROLLBACK); its command tag. */
  async simple(command: string): Promise<string | undefined> {
    this.roundTrips += 1;
    const { messages } = await this.pglite.execProtocol(concat([serialize.query(command), serialize.sync()]), { syncToFs: false });
    const complete = messages.find((message) => message.name === 'commandComplete') as { text?: string } | undefined;
    return complete?.text;
  }

  /** Closes every prepared statement (after DDL run outside Kysely, which may change their results). */
  forget(): void {
    for (const statement of this.prepared.values()) this.closing.push(serialize.close({ type: 'S', name: statement.name }));
    this.prepared.clear();
  }

  /**
   * Runs one statement. Outside a transaction it is synced to the file system; inside one a
   * stale statement is not prepared again (the transaction is already aborted).
   */
  async run(sql: string, parameters: readonly unknown[], inTransaction: boolean, retried = false): Promise<StatementResult> {
    const statement = await this.prepare(sql);
    const values = parameters.map((value, index) => this.serialized(value, statement.parameterTypes[index]));
    let messages: Message[];
    this.roundTrips += 1;
    try {
      ({ messages } = await this.pglite.execProtocol(
        this.closing.length > 0 ? concat([...this.closing.splice(0), bindAndExecute(statement.name, values)]) : bindAndExecute(statement.name, values),
        { syncToFs: !inTransaction },
      ));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (retried || typeof code !== 'string' || !STALE_STATEMENT.has(code) || inTransaction) throw error;
      this.prepared.delete(sql);
      return this.run(sql, parameters, inTransaction, true);
    }
    const [result] = parse.parseResults(messages, this.pglite.parsers, { rowMode: 'object' });
    return {
      rows: (result?.rows ?? []) as Record<string, unknown>[],
      ...(result?.affectedRows != null ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  private serialized(value: unknown, type: number | undefined): string | Uint8Array | null {
    if (value === null || value === undefined) return null;
    // Bytes given for a parameter that is not bytea are its text in UTF-8, sent as they are (as
    // node-postgres sends them, in binary format, which for text is the same bytes).
    if (value instanceof Uint8Array && type !== BYTEA) return value;
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
    const { messages } = await this.pglite.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
      syncToFs: false,
    });
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
