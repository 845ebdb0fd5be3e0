import type { CfdiDetails } from '../../cfdi/overview.ts';
import { localDateTime, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import type { Ctx, Mode, Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { assertOneCursor, paginate, type ListQuery, type Page } from '../../platform/http/pagination.ts';
import { isId } from '../../platform/ids.ts';
import {
  cfdiExportPage,
  cfdisQuery,
  cfdiTotals,
  type CfdiTotalsRow,
  findCfdiForRead,
  findCfdiXml,
  findCfdiXmlForRead,
  findDetails,
  INLINE_BYTES,
  type CfdiFilters,
  type CfdiExportRow,
  type CfdiForRead,
  type CfdiListRow,
  type CfdiSortKey,
  sortKeyOf,
  sortedCfdisQuery,
} from './repository.ts';
import { completeStoredDetails } from './store.ts';

export interface CfdiListQuery extends ListQuery, CfdiFilterQuery {
  sort?: CfdiSort;
}

/** `fecha`/`total` ascending, `-fecha`/`-total` descending; ties in id order, the same direction. */
type CfdiSort = 'fecha' | '-fecha' | 'total' | '-total';

/** The list's filters as a query string or an export's `filters` give them. */
export interface CfdiFilterQuery {
  side?: 'issued' | 'received';
  fiscal_profile_id?: string;
  download_id?: string;
  counterparty?: string;
  emisor?: string;
  receptor?: string;
  tipo_de_comprobante?: string;
  status?: 'active' | 'cancelled' | 'unknown';
  has_xml?: boolean;
  uuid?: string;
  'date[gte]'?: string;
  'date[lte]'?: string;
  third_party_rfc?: string;
  q?: string;
}

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const ZONED = /(Z|[+-]\d{2}:\d{2})$/;

function notFound(uuid: string): ApiError {
  return new ApiError('resource.not_found', {
    en: `No CFDI with UUID '${uuid}' is in this organization's store (in the key's mode).`,
    es: `No hay ningún CFDI con UUID '${uuid}' entre los guardados de esta organización (en el modo de la llave).`,
  });
}

/**
 * A Fecha bound as the local text it is compared with (Fecha is Mexico City wall time written
 * `YYYY-MM-DDTHH:mm:ss`, so text order is time order). A bare date starts at its first second or
 * ends at its last; a time without seconds covers its minute; a time with `Z` or an offset is the
 * Mexico City wall time of that instant, rounded inward to whole seconds.
 */
function fechaBound(value: string, edge: 'gte' | 'lte'): string {
  const name = `date[${edge}]`;
  if (value.length === 10) return `${value}T${edge === 'gte' ? '00:00:00' : '23:59:59'}`;
  const zone = ZONED.exec(value)?.[0];
  const wall = zone ? value.slice(0, value.length - zone.length) : value;
  const withSeconds = wall.length === 16 ? `${wall}:${edge === 'gte' ? '00' : '59'}` : wall;
  if (!zone) return withSeconds;
  const instant = new Date(`${withSeconds}${zone}`).getTime();
  if (Number.isNaN(instant)) {
    throw new ApiError(
      'request.validation_failed',
      { en: `${name} is not a valid date-time.`, es: `${name} no es una fecha y hora válida.` },
      {
        errors: [{ path: name, code: 'invalid_format', message: 'is not a valid date-time.', messageEs: 'No es una fecha y hora válida.' }],
      },
    );
  }
  const second = edge === 'gte' ? Math.ceil(instant / 1000) * 1000 : Math.floor(instant / 1000) * 1000;
  return localDateTime(new Date(second), MEXICO_CITY_TIME_ZONE);
}

/** The filters of the list (and of an export) as the repository takes them; a bad date bound is a 422. */
export function cfdiFilters(query: CfdiFilterQuery): CfdiFilters {
  const upper = (value: string | undefined) => value?.toUpperCase();
  return {
    side: query.side,
    fiscalProfileId: query.fiscal_profile_id,
    downloadId: query.download_id,
    counterparty: upper(query.counterparty),
    emisor: upper(query.emisor),
    receptor: upper(query.receptor),
    tipoDeComprobante: query.tipo_de_comprobante,
    status: query.status,
    hasXml: query.has_xml,
    uuid: upper(query.uuid),
    fechaFrom: query['date[gte]'] === undefined ? undefined : fechaBound(query['date[gte]'], 'gte'),
    fechaThrough: query['date[lte]'] === undefined ? undefined : fechaBound(query['date[lte]'], 'lte'),
    thirdPartyRfc: upper(query.third_party_rfc),
    search: query.q,
  };
}

export async function listCfdis(ctx: Ctx, query: CfdiListQuery, url: string): Promise<Page<CfdiListRow>> {
  const filters = cfdiFilters(query);
  if (query.sort === undefined) return paginate(cfdisQuery(ctx.db, ctx.organizationId, ctx.mode, filters), query, { prefix: 'cfdi', idColumn: 'id', url });
  return sortedPage(ctx, filters, query, query.sort, url);
}

/**
 * A page in a sort's order. The cursors are ids as in every list: the page starts after (or ends
 * before) that row's place in the order, its (key, id), so ties on the key never repeat or skip
 * a row across pages.
 */
async function sortedPage(ctx: Ctx, filters: CfdiFilters, params: ListQuery, sort: CfdiSort, url: string): Promise<Page<CfdiListRow>> {
  const limit = params.limit ?? 20;
  assertOneCursor(params);
  const key: CfdiSortKey = sort.endsWith('fecha') ? 'fecha' : 'total';
  const forwards = sort.startsWith('-') ? 'desc' : 'asc';
  const backwards = sort.startsWith('-') ? 'asc' : 'desc';
  const name = params.ending_before !== undefined ? 'ending_before' : 'starting_after';
  const cursor = params[name];
  let after: { key: string; id: string } | undefined;
  if (cursor !== undefined) {
    const found = isId('cfdi', cursor) ? await sortKeyOf(ctx.db, ctx.organizationId, ctx.mode, cursor, key) : undefined;
    if (found === undefined) {
      throw new ApiError(
        'request.invalid_cursor',
        { en: `${name} must be the id of a cfdi_ object from this list.`, es: `${name} debe ser el id de un objeto cfdi_ de este listado.` },
        {
          errors: [
            {
              path: name,
              code: 'invalid_cursor',
              message: `'${cursor}' is not a CFDI of this store.`,
              messageEs: `'${cursor}' no es un CFDI de este almacén.`,
            },
          ],
        },
      );
    }
    after = { key: found, id: cursor };
  }
  const direction = name === 'ending_before' ? backwards : forwards;
  const rows = await sortedCfdisQuery(ctx.db, ctx.organizationId, ctx.mode, filters, { key, direction, after, limit: limit + 1 }).execute();
  const data = rows.slice(0, limit);
  return { object: 'list', url, data: name === 'ending_before' ? data.reverse() : data, has_more: rows.length > limit };
}

/** The sums of the CFDIs the list's filters select, by voucher type and currency. */
export async function totalCfdis(ctx: Ctx, query: CfdiFilterQuery): Promise<{ count: number; groups: CfdiTotalsRow[] }> {
  const groups = await cfdiTotals(ctx.db, ctx.organizationId, ctx.mode, cfdiFilters(query));
  return { count: groups.reduce((sum, group) => sum + group.count, 0), groups };
}

/**
 * Rate-limit tokens a read of one CFDI takes: one per started 64 KiB of what it serves (the
 * content's JSON, the XML) or, the first time a row stored before the content was kept is read,
 * of the XML it parses; at least one. A read's work on the event loop (the database's answer, its
 * JSON) grows with those bytes.
 */
function readCost(bytes: number | null): number {
  return Math.max(1, Math.ceil((bytes ?? 0) / INLINE_BYTES));
}

function split(found: CfdiForRead) {
  const { details_inline, details_bytes, details_pending, xml_bytes, ...row } = found;
  return { row: row as CfdiListRow, details_inline, details_bytes, details_pending, xml_bytes };
}

/** A read that has found its CFDI and knows its cost; `load` does the rest of the work once the caller is charged. */
export interface OpenedRead<T> {
  cost: number;
  load(): Promise<T>;
}

/**
 * One CFDI and its content. The content is stored at ingest, so a read parses nothing: small
 * content comes with the row; larger content is read in a second statement, after the caller
 * was charged for it. A row stored before the content was kept is read once on the worker pool
 * and completed (its parsed fields too), then served like the others.
 */
export async function openCfdi(ctx: Ctx, uuid: string): Promise<OpenedRead<{ row: CfdiListRow; details: CfdiDetails | null }>> {
  const normalized = uuid.toUpperCase();
  const find = async () => {
    const found = UUID.test(normalized) ? await findCfdiForRead(ctx.db, ctx.organizationId, ctx.mode, normalized) : undefined;
    if (!found) throw notFound(uuid);
    return split(found);
  };
  const { row, details_inline, details_bytes, details_pending, xml_bytes } = await find();
  if (details_pending) {
    return {
      cost: readCost(xml_bytes),
      async load() {
        const stored = await findCfdiXml(ctx.db, ctx.organizationId, ctx.mode, normalized);
        if (!stored?.xml) throw notFound(uuid);
        const details = JSON.parse(await completeStoredDetails(ctx.services, { id: row.id, organizationId: ctx.organizationId, mode: ctx.mode }, stored.xml));
        // The parsed fields may have changed with it (a CFDI 3.2 stored before its names were read).
        return { row: (await find()).row, details: details as CfdiDetails | null };
      },
    };
  }
  return {
    cost: readCost(details_bytes),
    load: async () => ({
      row,
      details: details_bytes !== null && details_bytes > INLINE_BYTES ? await findDetails(ctx.db, ctx.organizationId, ctx.mode, row.id) : details_inline,
    }),
  };
}

/** The stored document as the SAT served it; `cfdi.xml_unavailable` when only metadata is held. */
export async function openCfdiXml(ctx: Ctx, uuid: string): Promise<OpenedRead<{ uuid: string; xml: string }>> {
  const normalized = uuid.toUpperCase();
  const stored = UUID.test(normalized) ? await findCfdiXmlForRead(ctx.db, ctx.organizationId, ctx.mode, normalized) : undefined;
  if (!stored) throw notFound(uuid);
  if (!stored.has_xml) {
    throw new ApiError('cfdi.xml_unavailable', {
      en: `Only the SAT's metadata of ${stored.uuid} is stored. Create a download of type cfdi for its period to get the XML (the SAT serves no XML of cancelled received CFDIs).`,
      es: `De ${stored.uuid} solo se guardan los metadatos del SAT. Cree una descarga de tipo cfdi de su periodo para obtener el XML (el SAT no entrega el XML de los CFDI recibidos cancelados).`,
    });
  }
  return {
    cost: readCost(stored.xml_bytes),
    async load() {
      const xml = stored.xml ?? (await findCfdiXml(ctx.db, ctx.organizationId, ctx.mode, normalized))?.xml;
      if (!xml) throw notFound(uuid);
      return { uuid: stored.uuid, xml };
    },
  };
}

/**
 * One keyset page of an export with each row's stored content (the part its columns read), so an
 * export parses no XML. A row stored before the content was kept is read once on the worker pool
 * and completed, as its first `GET` would do; later exports and reads find it stored.
 */
export async function cfdiExportDetailsPage(
  services: Services,
  scope: { organizationId: string; mode: Mode },
  filters: CfdiFilters,
  page: { afterId: string | null; limit: number },
): Promise<CfdiExportRow[]> {
  const rows = await cfdiExportPage(services.db, scope.organizationId, scope.mode, filters, { ...page, read: 'details' });
  for (const row of rows) {
    if (row.details === null && row.xml !== null) {
      const details = JSON.parse(await completeStoredDetails(services, { id: row.id, ...scope }, row.xml)) as CfdiDetails | null;
      row.details = details && {
        uso_cfdi: details.receptor.uso_cfdi,
        metodo_pago: details.metodo_pago,
        forma_pago: details.forma_pago,
        tipo_cambio: details.tipo_cambio,
        impuestos: details.impuestos,
      };
    }
    row.xml = null;
  }
  return rows;
}
