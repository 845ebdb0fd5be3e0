/**
 * The ledger of the simulated fiscal world: every CFDI the simulator knows (stamped through the
 * PAC protocol or generated as synthetic history), its SAT status and cancellation process,
 * synthetic taxpayers and signed manifests. The PAC, the status service and the bulk download
 * services all read and write it through these functions only.
 */
import { sql } from 'kysely';
import { fromRow, toRow } from './ledger-types.ts';
import type { CancellationStatus, LedgerCancellation, LedgerCfdi, LedgerFilter, LedgerPage, NewLedgerCfdi, SignedManifest, Taxpayer } from './ledger-types.ts';
import type { SimulatorDb } from './schema.ts';

export type {
  CancellationStatus,
  LedgerCancellation,
  LedgerCfdi,
  LedgerFilter,
  LedgerPage,
  LedgerRelation,
  NewLedgerCfdi,
  SignedManifest,
  Taxpayer,
} from './ledger-types.ts';

// PostgreSQL allows 65,535 bind parameters per statement; 20 columns per row.
const INSERT_CHUNK_ROWS = 2_000;

interface PendingInsert {
  cfdi: NewLedgerCfdi;
  resolve: (value: { cfdi: LedgerCfdi; duplicate: boolean }) => void;
  reject: (error: unknown) => void;
}

export class Ledger {
  /** Taxpayers read on every stamp; the ledger is their only writer, so a write-through cache is exact. */
  private readonly taxpayers = new Map<string, Taxpayer | null>();
  private readonly pending: PendingInsert[] = [];
  /** True while a group-commit INSERT runs; stamps arriving meanwhile wait for the next one. */
  private flushing = false;

  constructor(private readonly db: SimulatorDb) {}

  async get(uuid: string): Promise<LedgerCfdi | undefined> {
    const row = await this.db.selectFrom('sim_cfdis').selectAll().where('uuid', '=', uuid.toUpperCase()).executeTakeFirst();
    return row && fromRow(row);
  }

  async findBySelloHash(selloHash: string): Promise<LedgerCfdi | undefined> {
    const row = await this.db.selectFrom('sim_cfdis').selectAll().where('sello_hash', '=', selloHash).executeTakeFirst();
    return row && fromRow(row);
  }

  /**
   * Records a stamped CFDI unless one with the same Sello exists; either way returns the stored
   * row and whether it was already there (two concurrent stamps of one document get one UUID).
   * The promise settles only once the row is committed, so a stamp is in the ledger before its
   * answer goes out. Group commit: one INSERT runs at a time, and the stamps that arrive while it
   * runs are written together by the next one (PGlite pays per statement far more than per row,
   * so the batch grows with the load instead of staying at what one event-loop turn gathers).
   */
  insertUnlessDuplicate(cfdi: NewLedgerCfdi): Promise<{ cfdi: LedgerCfdi; duplicate: boolean }> {
    return new Promise((resolve, reject) => {
      this.pending.push({ cfdi, resolve, reject });
      if (!this.flushing && this.pending.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0) await this.write(this.pending.splice(0, INSERT_CHUNK_ROWS));
    } finally {
      this.flushing = false;
    }
  }

  private async write(batch: PendingInsert[]): Promise<void> {
    try {
      const rows = batch.map((item) => toRow(item.cfdi));
      const inserted = await this.db
        .insertInto('sim_cfdis')
        .values(rows)
        .onConflict((conflict) => conflict.doNothing())
        .returning('uuid')
        .execute();
      const won = new Set(inserted.map((row) => row.uuid));
      await this.insertRelations(batch.filter((item) => won.has(item.cfdi.uuid.toUpperCase())).map((item) => item.cfdi));
      for (const [index, item] of batch.entries()) {
        if (won.has(rows[index]!.uuid)) {
          item.resolve({ cfdi: fromRow(rows[index]!), duplicate: false });
          continue;
        }
        const existing = await this.findBySelloHash(item.cfdi.selloHash);
        if (existing) item.resolve({ cfdi: existing, duplicate: true });
        else item.reject(new Error(`CFDI ${item.cfdi.uuid} was neither inserted nor found by its Sello.`));
      }
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }

  /** Bulk insert of generated CFDIs; rows whose UUID or Sello exists are skipped. Returns rows added. */
  async insertMany(cfdis: readonly NewLedgerCfdi[]): Promise<number> {
    let added = 0;
    for (let start = 0; start < cfdis.length; start += INSERT_CHUNK_ROWS) {
      const chunk = cfdis.slice(start, start + INSERT_CHUNK_ROWS).map(toRow);
      const result = await this.db
        .insertInto('sim_cfdis')
        .values(chunk)
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0n);
    }
    await this.insertRelations(cfdis);
    return added;
  }

  private async insertRelations(cfdis: readonly NewLedgerCfdi[]): Promise<void> {
    const rows = cfdis.flatMap((cfdi) =>
      (cfdi.relations ?? []).map((relation) => ({
        uuid: cfdi.uuid.toUpperCase(),
        related_uuid: relation.uuid.toUpperCase(),
        kind: relation.kind,
      })),
    );
    for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
      await this.db
        .insertInto('sim_relations')
        .values(rows.slice(start, start + INSERT_CHUNK_ROWS))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
  }

  /**
   * Live CFDIs that refer to `uuid` (payments, credit notes, ...). A substitution (TipoRelacion
   * 04) points from the replacement to the replaced CFDI and never blocks its cancellation.
   */
  async liveReferencesTo(uuid: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sim_relations')
      .innerJoin('sim_cfdis', 'sim_cfdis.uuid', 'sim_relations.uuid')
      .select('sim_relations.uuid')
      .where('sim_relations.related_uuid', '=', uuid.toUpperCase())
      .where('sim_relations.kind', '<>', '04')
      .where('sim_cfdis.status', '=', 'Vigente')
      .execute();
    return [...new Set(rows.map((row) => row.uuid))];
  }

  /** The kinds of relation from `uuid` to `relatedUuid` (e.g. ['04'] for a substitute). */
  async relationKinds(uuid: string, relatedUuid: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sim_relations')
      .select('kind')
      .where('uuid', '=', uuid.toUpperCase())
      .where('related_uuid', '=', relatedUuid.toUpperCase())
      .execute();
    return rows.map((row) => row.kind);
  }

  private filtered(filter: LedgerFilter) {
    let query = this.db.selectFrom('sim_cfdis');
    if (filter.emisorRfc !== undefined) query = query.where('emisor_rfc', '=', filter.emisorRfc);
    if (filter.receptorRfc !== undefined) query = query.where('receptor_rfc', '=', filter.receptorRfc);
    if (filter.fechaFrom !== undefined) query = query.where('fecha', '>=', filter.fechaFrom);
    if (filter.fechaTo !== undefined) query = query.where('fecha', '<=', filter.fechaTo);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.tipo !== undefined) query = query.where('tipo', '=', filter.tipo);
    if (filter.source !== undefined) query = query.where('source', '=', filter.source);
    return query;
  }

  /** CFDIs matching the filter in (fecha, uuid) order, one keyset page at a time. */
  async list(filter: LedgerFilter, page: LedgerPage): Promise<LedgerCfdi[]> {
    let query = this.filtered(filter).selectAll();
    const after = page.after;
    if (after) query = query.where(sql<boolean>`(fecha, uuid) > (${after.fecha}, ${after.uuid})`);
    const rows = await query.orderBy('fecha').orderBy('uuid').limit(page.limit).execute();
    return rows.map(fromRow);
  }

  async count(filter: LedgerFilter): Promise<number> {
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Starts a cancellation; `status` decides whether it is final at once or waits for the receptor. */
  async startCancellation(uuid: string, cancellation: LedgerCancellation): Promise<void> {
    const final = cancellation.status !== 'En proceso' && cancellation.status !== 'Solicitud rechazada';
    await this.db
      .updateTable('sim_cfdis')
      .set({
        cancel_motivo: cancellation.motivo,
        cancel_folio_sustitucion: cancellation.folioSustitucion,
        cancel_requested_at: cancellation.requestedAt,
        cancel_deadline_at: cancellation.deadlineAt,
        cancel_status: cancellation.status,
        cancel_resolved_at: cancellation.resolvedAt,
        cancel_acuse: cancellation.acuse,
        ...(final ? { status: 'Cancelado' as const, cancelled_at: cancellation.resolvedAt ?? cancellation.requestedAt } : {}),
      })
      .where('uuid', '=', uuid.toUpperCase())
      .execute();
  }

  /** Records the receptor's answer (or the lapse of its term) on a pending cancellation. */
  async resolveCancellation(uuid: string, status: CancellationStatus, at: Date): Promise<void> {
    const accepted = status !== 'Solicitud rechazada';
    await this.db
      .updateTable('sim_cfdis')
      .set({
        cancel_status: status,
        cancel_resolved_at: at,
        ...(accepted ? { status: 'Cancelado' as const, cancelled_at: at } : {}),
      })
      .where('uuid', '=', uuid.toUpperCase())
      .where('cancel_status', '=', 'En proceso')
      .execute();
  }

  /** UUIDs whose receptor let the 72 business hours lapse by `now` (still `En proceso`). */
  async lapsedCancellations(now: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sim_cfdis')
      .select('uuid')
      .where('cancel_status', '=', 'En proceso')
      .where('cancel_deadline_at', '<=', now)
      .execute();
    return rows.map((row) => row.uuid);
  }

  async setAcuse(uuid: string, acuse: string): Promise<void> {
    await this.db.updateTable('sim_cfdis').set({ cancel_acuse: acuse }).where('uuid', '=', uuid.toUpperCase()).execute();
  }

  /** Pending cancellations where `rfc` is the receptor (what the receptor must answer). */
  async pendingFor(receptorRfc: string): Promise<LedgerCfdi[]> {
    const rows = await this.db
      .selectFrom('sim_cfdis')
      .selectAll()
      .where('receptor_rfc', '=', receptorRfc)
      .where('cancel_status', '=', 'En proceso')
      .orderBy('cancel_requested_at')
      .execute();
    return rows.map(fromRow);
  }

  async getTaxpayer(rfc: string): Promise<Taxpayer | undefined> {
    const cached = this.taxpayers.get(rfc);
    if (cached !== undefined) return cached ?? undefined;
    const row = await this.db.selectFrom('sim_taxpayers').selectAll().where('rfc', '=', rfc).executeTakeFirst();
    const taxpayer = row && {
      rfc: row.rfc,
      name: row.name,
      regimenFiscal: row.regimen_fiscal,
      postalCode: row.postal_code,
      inLco: row.in_lco,
      efos: row.efos,
    };
    this.taxpayers.set(rfc, taxpayer ?? null);
    return taxpayer;
  }

  async upsertTaxpayer(taxpayer: Taxpayer, at: Date): Promise<void> {
    const values = {
      rfc: taxpayer.rfc,
      name: taxpayer.name,
      regimen_fiscal: taxpayer.regimenFiscal,
      postal_code: taxpayer.postalCode,
      in_lco: taxpayer.inLco,
      efos: taxpayer.efos,
      created_at: at,
    };
    const { rfc: _rfc, created_at: _created, ...changes } = values;
    await this.db
      .insertInto('sim_taxpayers')
      .values(values)
      .onConflict((conflict) => conflict.column('rfc').doUpdateSet(changes))
      .execute();
    this.taxpayers.set(taxpayer.rfc, { ...taxpayer });
  }

  async getManifest(rfc: string): Promise<SignedManifest | undefined> {
    const row = await this.db.selectFrom('sim_manifests').selectAll().where('rfc', '=', rfc).executeTakeFirst();
    return (
      row && {
        rfc: row.rfc,
        email: row.email,
        fielNoCertificado: row.fiel_no_certificado,
        privacyXml: row.privacy_xml,
        contractXml: row.contract_xml,
        signedAt: row.signed_at,
      }
    );
  }

  /** Stores a signed manifest; false when this RFC had already signed one (kept as it was). */
  async recordManifest(manifest: SignedManifest): Promise<boolean> {
    const result = await this.db
      .insertInto('sim_manifests')
      .values({
        rfc: manifest.rfc,
        email: manifest.email,
        fiel_no_certificado: manifest.fielNoCertificado,
        privacy_xml: manifest.privacyXml,
        contract_xml: manifest.contractXml,
        signed_at: manifest.signedAt,
      })
      .onConflict((conflict) => conflict.column('rfc').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }
}
