/**
 * The export job (docs/guides/exports.md): reads the selection in keyset pages of PAGE_ROWS,
 * oldest first, writes each page to the format's writer and the writer to the store, and records
 * the progress after each page. Memory holds one page (and the compressor's buffers), never
 * the selection or the file. A crash or an error starts the file again on the
 * next attempt; after the last, the export is `failed` with `export.failed`.
 */
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { ERROR_CATALOG } from '../../platform/errors/catalog.ts';
import { defineJob } from '../../platform/jobs/kinds.ts';
import type { JobRecord } from '../../platform/jobs/types.ts';
import { cfdiExportDetailsPage, cfdiExportPage, cfdiFilters, countCfdis, type CfdiExportRow, type CfdiFilterQuery } from '../cfdis/index.ts';
import { emitEvent } from '../events/index.ts';
import type { InvoiceExportRow, InvoiceExportSource, InvoiceFilterQuery } from '../invoices/index.ts';
import { invoicePageWriter, pageWriter, type PageWriter } from './formats.ts';
import { findExportById, updateExport, type ExportRow } from './repository.ts';
import { renderExport } from './serialize.ts';

export const BUILD_EXPORT_JOB = defineJob('exports.build', Type.Object({ export_id: Type.String() }, { additionalProperties: false }));
export const BUILD_ATTEMPTS = 3;
/** How long a built file is kept. */
const EXPORT_LIFETIME_MS = 24 * 60 * 60_000;
const PAGE_ROWS = 500;

/** Where an export's file is kept (`services.blobs`): `exports/<id>`, a file of that name under DATA_DIR on the embedded database. */
export const exportBlobKey = (exportId: string) => `exports/${exportId}`;

export interface ExportDeps {
  /** The invoices module's selection and documents (`source: invoices`). */
  invoices: InvoiceExportSource;
}

/** Counts the bytes and hashes them on their way to the store. */
function measuring(): { stream: Transform; bytes(): number; sha256(): string } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, bytes: () => bytes, sha256: () => hash.digest('hex') };
}

async function writeFile(services: Services, deps: ExportDeps, row: ExportRow): Promise<{ bytes: number; sha256: string; rows: number }> {
  return row.source === 'invoices' ? writeInvoicesFile(services, deps, row) : writeCfdisFile(services, row);
}

/** What a source gives the paged loop: how many rows, how they are written, and each page after a row id. */
interface PagedSource<Row extends { id: string }> {
  total: number;
  writer(sink: Transform): PageWriter<Row>;
  page(afterId: string | null, limit: number): Promise<Row[]>;
}

async function writeCfdisFile(services: Services, row: ExportRow): Promise<{ bytes: number; sha256: string; rows: number }> {
  const filters = cfdiFilters(row.filters as CfdiFilterQuery);
  const scope = { organizationId: row.organization_id, mode: row.mode };
  return writeInPages<CfdiExportRow>(services, row, {
    total: await countCfdis(services.db, row.organization_id, row.mode, filters),
    writer: (sink) => pageWriter(row.format, sink),
    // A ZIP reads the XML; CSV and XLSX read the content the store kept, never the XML again.
    page: (afterId, limit) =>
      row.format === 'zip'
        ? cfdiExportPage(services.db, row.organization_id, row.mode, filters, { afterId, limit, read: 'xml' })
        : cfdiExportDetailsPage(services, scope, filters, { afterId, limit }),
  });
}

/** Invoices in pages of PAGE_ROWS; a ZIP renders (or reads the kept) PDF of each stamped invoice, one at a time. */
async function writeInvoicesFile(services: Services, deps: ExportDeps, row: ExportRow): Promise<{ bytes: number; sha256: string; rows: number }> {
  const filters = row.filters as InvoiceFilterQuery;
  const scope = { organizationId: row.organization_id, mode: row.mode };
  return writeInPages<InvoiceExportRow>(services, row, {
    total: await deps.invoices.count(services, scope, filters),
    writer: (sink) => invoicePageWriter(row.format, sink, (id) => deps.invoices.pdf(services, scope, id)),
    page: (afterId, limit) => deps.invoices.page(services, scope, filters, { afterId, limit, withXml: row.format === 'zip' }),
  });
}

/** The export's file, streamed page by page into the blob store, its progress recorded after each page; a failure leaves no file. */
async function writeInPages<Row extends { id: string }>(
  services: Services,
  row: ExportRow,
  source: PagedSource<Row>,
): Promise<{ bytes: number; sha256: string; rows: number }> {
  await updateExport(services.db, row.id, ['pending', 'running'], {
    status: 'running',
    rows_total: source.total,
    rows_written: 0,
    updated_at: services.clock.now(),
  });
  const target = await services.blobs.create(exportBlobKey(row.id));
  const measure = measuring();
  const piped = pipeline(measure.stream, target.sink);
  piped.catch(() => {});
  // A sink that fails ends the pipeline: a write still waiting for it to drain ends with its error.
  const untilFailed = (work: Promise<void>) => Promise.race([work, piped]);
  try {
    const writer = source.writer(measure.stream);
    let afterId: string | null = null;
    let written = 0;
    for (;;) {
      const rows = await source.page(afterId, PAGE_ROWS);
      if (rows.length === 0) break;
      await untilFailed(writer.write(rows));
      written += rows.length;
      afterId = rows[rows.length - 1]!.id;
      await updateExport(services.db, row.id, ['running'], { rows_written: written, updated_at: services.clock.now() });
      if (rows.length < PAGE_ROWS) break;
    }
    await untilFailed(writer.end());
    await piped;
    await target.commit();
    return { bytes: measure.bytes(), sha256: measure.sha256(), rows: written };
  } catch (error) {
    measure.stream.destroy();
    await target.abort();
    throw error;
  }
}

export async function buildExport(services: Services, deps: ExportDeps, job: JobRecord<{ export_id: string }>): Promise<void> {
  const row = await findExportById(services.db, job.payload.export_id);
  if (!row || (row.status !== 'pending' && row.status !== 'running')) return;
  let built: Awaited<ReturnType<typeof writeFile>>;
  try {
    built = await writeFile(services, deps, row);
  } catch (error) {
    if (job.attempts < job.maxAttempts) throw error;
    await services.blobs.delete(exportBlobKey(row.id));
    const now = services.clock.now();
    const detail = `The file could not be built (${BUILD_ATTEMPTS} attempts): ${error instanceof Error ? error.message : String(error)}`.slice(0, 1000);
    await services.db.transaction().execute(async (trx) => {
      const failed = await updateExport(trx, row.id, ['pending', 'running'], {
        status: 'failed',
        error: { code: 'export.build_failed', title: ERROR_CATALOG['export.build_failed'].title, detail },
        updated_at: now,
      });
      if (failed)
        await emitEvent(
          trx,
          { organizationId: row.organization_id, mode: row.mode, type: 'export.failed', object: renderExport(failed, services.config.baseUrl) },
          services,
        );
    });
    return;
  }
  const now = services.clock.now();
  await services.db.transaction().execute(async (trx) => {
    const completed = await updateExport(trx, row.id, ['running'], {
      status: 'completed',
      rows_total: built.rows,
      rows_written: built.rows,
      bytes: built.bytes,
      sha256: built.sha256,
      completed_at: now,
      expires_at: new Date(now.getTime() + EXPORT_LIFETIME_MS),
      updated_at: now,
    });
    if (completed) {
      await emitEvent(
        trx,
        { organizationId: row.organization_id, mode: row.mode, type: 'export.completed', object: renderExport(completed, services.config.baseUrl) },
        services,
      );
    }
  });
}
