import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import type { Server } from '../../platform/http/server.ts';
import { defineTask } from '../../platform/workers/task.ts';
import type { CatalogStore } from './catalog-store.ts';
import { writeImport } from './import-catalogs.ts';
import type readFilesTask from './read-task.ts';
import { CatalogLoadConflict } from './store.ts';

/** Operator imports belong to no organization: they share one lane of the worker pool. */
const OPERATOR_LANE = { tenant: 'operator catalog imports' };

const READ_FILES = defineTask<typeof readFilesTask>('catalogs.read-files');

/** The largest import accepted: the SAT's workbook is about 15 MB, zipped CSVs far less. */
const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
/** The most a zip's files may hold once unzipped (every SAT catalog as CSV is far less). */
const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._()-]{0,150}\.(csv|csv\.gz|xls|xlsx|xlsm|zip)$/i;

export interface CatalogAdminDeps {
  store: CatalogStore;
  /** ADMIN_TOKEN; unset answers 403 admin.disabled. */
  adminToken: string | undefined;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The operator token, compared in constant time. */
function authorize(header: string | undefined, adminToken: string | undefined): void {
  if (adminToken === undefined)
    throw new ApiError('admin.disabled', {
      en: 'This server has no ADMIN_TOKEN: its operator endpoints are turned off.',
      es: 'Este servidor no tiene ADMIN_TOKEN: sus operaciones de administración están desactivadas.',
    });
  const presented = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (presented === undefined || !timingSafeEqual(digest(presented), digest(adminToken))) {
    throw new ApiError('admin.unauthorized', {
      en: 'This endpoint needs `Authorization: Bearer <ADMIN_TOKEN>`.',
      es: 'Esta operación requiere `Authorization: Bearer <ADMIN_TOKEN>`.',
    });
  }
}

/** Writes the upload where the reader expects it: a file, or the files of a zip in a folder. */
async function unpack(directory: string, name: string, body: Buffer): Promise<string> {
  if (!/\.zip$/i.test(name)) {
    const file = path.join(directory, name);
    await fs.writeFile(file, body);
    return file;
  }
  let files: Record<string, Uint8Array>;
  let declared = 0;
  try {
    // The sizes the archive declares are checked before anything is inflated: a small upload may
    // not unpack into gigabytes on the server.
    files = unzipSync(body, {
      filter: (file) => {
        declared += file.originalSize;
        if (declared > MAX_UNZIPPED_BYTES) {
          throw new ApiError('catalog.import_rejected', {
            en: `${name}: its files hold more than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB once unzipped.`,
            es: `${name}: sus archivos ocupan más de ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB una vez descomprimidos.`,
          });
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('catalog.import_rejected', { en: `${name}: not a readable zip file.`, es: `${name}: no es un archivo zip legible.` });
  }
  const root = path.join(directory, 'import');
  for (const [entry, bytes] of Object.entries(files)) {
    if (entry.endsWith('/')) continue;
    const target = path.resolve(root, entry);
    if (!target.startsWith(`${root}${path.sep}`))
      throw new ApiError('catalog.import_rejected', {
        en: `${name}: the entry '${entry}' leaves the archive's folder.`,
        es: `${name}: la entrada '${entry}' sale de la carpeta del archivo.`,
      });
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, bytes);
  }
  await fs.mkdir(root, { recursive: true });
  return root;
}

const ImportQuery = Type.Object(
  {
    name: Type.String({
      pattern: FILE_NAME.source,
      description: 'The file name: `.xls`/`.xlsx` (the SAT workbook), `.csv`, `.csv.gz`, or `.zip` (a folder of them).',
    }),
    dry_run: Type.Optional(Type.Boolean({ description: 'Read, check and compare with the versions in force, then write nothing.' })),
  },
  { additionalProperties: false },
);

const ImportReportSchema = Type.Object(
  {
    object: Type.Literal('catalog_import'),
    path: Type.String(),
    dry_run: Type.Boolean(),
    catalogs: Type.Array(
      Type.Object({
        catalog: Type.String(),
        sat_name: Type.String(),
        status: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('unchanged'), Type.Literal('kept')]),
        version: Type.Integer(),
        previous_version: Type.Union([Type.Integer(), Type.Null()]),
        rows: Type.Integer(),
        added: Type.Integer(),
        removed: Type.Integer(),
        changed: Type.Integer(),
        sources: Type.Array(Type.String()),
      }),
    ),
    skipped: Type.Array(Type.Object({ source: Type.String(), reason: Type.String() })),
    ignored_columns: Type.Array(Type.Object({ source: Type.String(), columns: Type.Array(Type.String()) })),
  },
  { $id: 'CatalogImport', description: 'What an import changed, catalog by catalog.' },
);

/**
 * `POST /v1/admin/catalogs/imports`: imports a newer SAT release into the running server (the
 * embedded database included, which only this process may open). The operator's ADMIN_TOKEN
 * authorizes it, not an API key: catalogs are shared by every organization. The files are read
 * on a worker thread; the new versions are written while the old ones answer, and switched at once.
 */
export function registerCatalogAdminRoutes(app: Server, services: Services, deps: CatalogAdminDeps): void {
  app.register(async (scope: Server) => {
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) => done(null, body));
    scope.post(
      '/v1/admin/catalogs/imports',
      {
        config: { public: true },
        bodyLimit: MAX_IMPORT_BYTES,
        schema: {
          tags: ['Catalogs'],
          summary: 'Import SAT catalogs (operator)',
          operationId: 'importCatalogs',
          description:
            'Operator endpoint, authorized with `Authorization: Bearer <ADMIN_TOKEN>` (not an API key). The body is the file itself (`Content-Type: application/octet-stream`): the SAT workbook, a CSV, a gzipped CSV, or a zip of several. Every file is checked before anything is written; each changed catalog gets a new version that becomes active, with the others of the import, only once complete, while the old version keeps answering. `invoicing catalogs import` sends its files here when a server runs on the embedded database.',
          querystring: ImportQuery,
          body: { content: { 'application/octet-stream': { schema: Type.Any({ description: 'The file itself.' }) } } },
          response: { 200: ImportReportSchema },
        },
      },
      async (request) => {
        authorize(request.headers.authorization, deps.adminToken);
        const body = request.body as Buffer | undefined;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new ApiError('request.validation_failed', {
            en: 'Send the file as the body, with Content-Type: application/octet-stream.',
            es: 'Envíe el archivo como contenido de la solicitud, con Content-Type: application/octet-stream.',
          });
        }
        const { name, dry_run: dryRun = false } = request.query;
        const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'invoicing-catalogs-'));
        try {
          const target = await unpack(directory, name, body);
          const read = await services.workers.run(READ_FILES, { path: target }, OPERATOR_LANE);
          if ('rejected' in read) throw new ApiError('catalog.import_rejected', `${read.rejected} Nothing was imported; the catalogs in force stay.`);
          const report = await writeImport(services.db, read.read, name, { clock: services.clock, dryRun });
          if (!dryRun) await deps.store.refresh();
          return { object: 'catalog_import' as const, ...report };
        } catch (error) {
          if (error instanceof CatalogLoadConflict) throw new ApiError('catalog.load_in_progress', error.message);
          throw error;
        } finally {
          await fs.rm(directory, { recursive: true, force: true });
        }
      },
    );
  });
}
