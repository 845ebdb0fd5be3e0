import type { Ctx } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { paginate, type ListQuery, type Page } from '../../platform/http/pagination.ts';
import type { DetailsTaskInput } from './read-task.ts';
import { cfdisQuery, findCfdi, findCfdiXml, type CfdiListRow } from './repository.ts';
import { READ_TASK } from './store.ts';

export interface CfdiListQuery extends ListQuery {
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
}

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

function notFound(uuid: string): ApiError {
  return new ApiError('resource.not_found', `No CFDI with UUID '${uuid}' is in this organization's store (mode as the key's).`);
}

/** A bound as local text: a bare date starts at 00:00:00 (gte) or ends at 23:59:59 (lte). */
function bound(value: string | undefined, edge: 'start' | 'end'): string | undefined {
  if (value === undefined) return undefined;
  if (value.length === 10) return `${value}T${edge === 'start' ? '00:00:00' : '23:59:59'}`;
  return value.length === 16 ? `${value}:${edge === 'start' ? '00' : '59'}` : value;
}

export async function listCfdis({ ctx, query, url }: { ctx: Ctx; query: CfdiListQuery; url: string }): Promise<Page<CfdiListRow>> {
  const upper = (value: string | undefined) => value?.toUpperCase();
  return paginate(cfdisQuery(ctx.db, ctx.organizationId, ctx.mode, {
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
    fechaFrom: bound(query['date[gte]'], 'start'),
    fechaThrough: bound(query['date[lte]'], 'end'),
  }), query, { prefix: 'cfdi', idColumn: 'id', url });
}

export async function getCfdi({ ctx, uuid }: { ctx: Ctx; uuid: string }): Promise<{ row: CfdiListRow; details: Record<string, unknown> | null }> {
  const normalized = uuid.toUpperCase();
  const row = UUID.test(normalized) ? await findCfdi(ctx.db, ctx.organizationId, ctx.mode, normalized) : undefined;
  if (!row) throw notFound(uuid);
  if (!row.has_xml) return { row, details: null };
  const stored = await findCfdiXml(ctx.db, ctx.organizationId, ctx.mode, normalized);
  const details = await ctx.services.workers.run<DetailsTaskInput, Record<string, unknown>>(READ_TASK, { kind: 'details', xml: stored!.xml! });
  return { row, details };
}

export async function getCfdiXml({ ctx, uuid }: { ctx: Ctx; uuid: string }): Promise<string> {
  const normalized = uuid.toUpperCase();
  const stored = UUID.test(normalized) ? await findCfdiXml(ctx.db, ctx.organizationId, ctx.mode, normalized) : undefined;
  if (!stored) throw notFound(uuid);
  if (stored.xml === null) {
    throw new ApiError('cfdi.xml_unavailable', `Only the SAT's metadata of ${normalized} is stored. Create a download of type cfdi for its period to get the XML (the SAT serves no XML of cancelled received CFDIs).`);
  }
  return stored.xml;
}
