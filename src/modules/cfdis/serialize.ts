import type { Static } from 'typebox';
import { INDEXED_VERSIONS } from '../../cfdi/overview.ts';
import type { CfdiListRow } from './repository.ts';
import type { Cfdi } from './schemas.ts';

export type RenderedCfdi = Static<typeof Cfdi>;

export function renderCfdi(row: CfdiListRow, baseUrl: string): RenderedCfdi {
  return {
    object: 'cfdi',
    id: row.id,
    uuid: row.uuid,
    livemode: row.mode === 'live',
    side: row.side,
    fiscal_profile_id: row.fiscal_profile_id,
    download_id: row.download_id,
    version: row.version,
    indexed: !row.has_xml || (row.version !== null && INDEXED_VERSIONS.includes(row.version)),
    serie: row.serie,
    folio: row.folio,
    tipo_de_comprobante: row.tipo_de_comprobante,
    fecha: row.fecha,
    fecha_timbrado: row.fecha_timbrado,
    emisor: { rfc: row.emisor_rfc, nombre: row.emisor_nombre },
    receptor: { rfc: row.receptor_rfc, nombre: row.receptor_nombre },
    moneda: row.moneda,
    sub_total: row.sub_total,
    descuento: row.descuento,
    total: row.total,
    rfc_pac: row.rfc_pac,
    third_parties: row.third_parties,
    sat_status: row.sat_status,
    cancelled_at: row.cancelled_at ? row.cancelled_at.toISOString() : null,
    has_xml: row.has_xml,
    xml_url: row.has_xml ? `${baseUrl}/v1/cfdis/${row.uuid}/xml` : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

declare module '../events/index.ts' {
  interface EventObjects {
    'cfdi.received': RenderedCfdi;
    'cfdi.issued': RenderedCfdi;
    'cfdi.cancelled': RenderedCfdi;
  }
}
