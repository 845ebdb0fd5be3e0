/**
 * The bulk download tables (migrations/0002_descarga.sql): accepted requests, package download
 * counts and the CSDs of synthetic taxpayers. Nothing else in the simulator touches them.
 */
import { sql } from 'kysely';
import type { ColumnType, Kysely } from 'kysely';
import type { SimulatorDatabase, SimulatorDb } from '../schema.ts';
import type { DescargaQuery } from './query.ts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type RequestOutcome = 'finished' | 'no_data' | 'too_many' | 'error' | 'never_ready';

interface DescargaRequestsTable {
  id: string;
  requester_rfc: string;
  operation: string;
  request_type: string;
  fingerprint: string;
  parameters: ColumnType<DescargaQuery, string, string>;
  as_of: Timestamp;
  created_at: Timestamp;
  ready_at: Timestamp;
  outcome: RequestOutcome;
  cfdi_count: number;
  package_count: number;
}

interface DescargaPackageDownloadsTable {
  package_id: string;
  request_id: string;
  downloads: number;
  last_downloaded_at: Timestamp;
}

interface DescargaCredentialsTable {
  rfc: string;
  name: string;
  no_certificado: string;
  cer_der: Uint8Array;
  key_der: Uint8Array;
  password: string;
  created_at: Timestamp;
}

type DescargaTables = {
  descarga_requests: DescargaRequestsTable;
  descarga_package_downloads: DescargaPackageDownloadsTable;
  descarga_credentials: DescargaCredentialsTable;
};

type Db = Kysely<SimulatorDatabase & DescargaTables>;

export interface StoredRequest {
  id: string;
  requesterRfc: string;
  query: DescargaQuery;
  fingerprint: string;
  asOf: Date;
  createdAt: Date;
  readyAt: Date;
  outcome: RequestOutcome;
  cfdiCount: number;
  packageCount: number;
}

export interface StoredCredential {
  rfc: string;
  name: string;
  cerDer: Buffer;
  keyDer: Buffer;
  password: string;
}

export class DescargaStore {
  private readonly db: Db;

  constructor(db: SimulatorDb) {
    this.db = db.withTables<DescargaTables>();
  }

  async insertRequest(request: StoredRequest): Promise<void> {
    await this.db
      .insertInto('descarga_requests')
      .values({
        id: request.id,
        requester_rfc: request.requesterRfc,
        operation: request.query.operation,
        request_type: request.query.requestType,
        fingerprint: request.fingerprint,
        parameters: JSON.stringify(request.query),
        as_of: request.asOf,
        created_at: request.createdAt,
        ready_at: request.readyAt,
        outcome: request.outcome,
        cfdi_count: request.cfdiCount,
        package_count: request.packageCount,
      })
      .execute();
  }

  async findRequest(id: string, requesterRfc: string): Promise<StoredRequest | undefined> {
    const row = await this.db
      .selectFrom('descarga_requests')
      .selectAll()
      .where('id', '=', id.toLowerCase())
      .where('requester_rfc', '=', requesterRfc)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      requesterRfc: row.requester_rfc,
      query: row.parameters,
      fingerprint: row.fingerprint,
      asOf: row.as_of,
      createdAt: row.created_at,
      readyAt: row.ready_at,
      outcome: row.outcome,
      cfdiCount: row.cfdi_count,
      packageCount: row.package_count,
    };
  }

  /** Earlier requests with the same parameters, oldest first (for the SAT's 5002 and 5005). */
  async identicalRequests(fingerprint: string): Promise<{ createdAt: Date; readyAt: Date; outcome: RequestOutcome }[]> {
    const rows = await this.db
      .selectFrom('descarga_requests')
      .select(['created_at', 'ready_at', 'outcome'])
      .where('fingerprint', '=', fingerprint)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({ createdAt: row.created_at, readyAt: row.ready_at, outcome: row.outcome }));
  }

  /** Counts one more download of a package and returns the new count (atomic). */
  async countDownload(packageId: string, requestId: string, at: Date): Promise<number> {
    const row = await this.db
      .insertInto('descarga_package_downloads')
      .values({ package_id: packageId, request_id: requestId, downloads: 1, last_downloaded_at: at })
      .onConflict((conflict) =>
        conflict.column('package_id').doUpdateSet({
          downloads: sql<number>`descarga_package_downloads.downloads + 1`,
          last_downloaded_at: at,
        }),
      )
      .returning('downloads')
      .executeTakeFirstOrThrow();
    return row.downloads;
  }

  async downloads(packageId: string): Promise<number> {
    const row = await this.db.selectFrom('descarga_package_downloads').select('downloads').where('package_id', '=', packageId).executeTakeFirst();
    return row?.downloads ?? 0;
  }

  async findCredential(rfc: string): Promise<StoredCredential | undefined> {
    const row = await this.db.selectFrom('descarga_credentials').selectAll().where('rfc', '=', rfc).executeTakeFirst();
    return row && { rfc: row.rfc, name: row.name, cerDer: Buffer.from(row.cer_der), keyDer: Buffer.from(row.key_der), password: row.password };
  }

  /** Stores a credential unless another process stored one first; returns the one that stays. */
  async saveCredential(credential: StoredCredential & { noCertificado: string }, at: Date): Promise<StoredCredential> {
    await this.db
      .insertInto('descarga_credentials')
      .values({
        rfc: credential.rfc,
        name: credential.name,
        no_certificado: credential.noCertificado,
        cer_der: credential.cerDer,
        key_der: credential.keyDer,
        password: credential.password,
        created_at: at,
      })
      .onConflict((conflict) => conflict.column('rfc').doNothing())
      .execute();
    return (await this.findCredential(credential.rfc))!;
  }
}
