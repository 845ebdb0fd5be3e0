/**
 * A preview of a fiscal profile's branding: a sample invoice with the profile as emisor, drawn by
 * the renderer stamped invoices use, on the worker pool. The sample is written by the CFDI engine
 * but never sealed nor stamped, and the renderer's preview mode says on every page that it is no
 * CFDI. Nothing is stored and nothing is counted: no invoice, usage record or event.
 */
import { localDateTime, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import type { Comprobante } from '../../cfdi/model.ts';
import { computeTotals } from '../../cfdi/totals.ts';
import { writeCfdi } from '../../cfdi/writer.ts';
import type { Ctx } from '../../platform/context.ts';
import { findFiscalProfile, findProfileBranding, type FiscalProfileView } from '../fiscal-profiles/index.ts';
import type { InvoiceDeps } from './ports.ts';
import { renderOnPool } from './render-pool.ts';

export interface BrandingPreviewInput {
  /** The colour being edited, `#RRGGBB` (the route's schema checked it); the saved one when absent. */
  brandColor?: string;
}

// A generic receptor RFC (RMF 2.7.1.26) keeps the sample from naming a real taxpayer.
const SAMPLE_RECEPTOR = {
  Rfc: 'XAXX010101000',
  Nombre: 'CLIENTE DE EJEMPLO',
  DomicilioFiscalReceptor: '01000',
  RegimenFiscalReceptor: '616',
  UsoCFDI: 'S01',
} as const;
const SAMPLE_CONCEPTO = {
  ClaveProdServ: '01010101',
  ClaveUnidad: 'E48',
  Unidad: 'Servicio',
  Descripcion: 'Concepto de ejemplo (vista previa del diseño, sin validez fiscal)',
  Cantidad: '1',
  ValorUnitario: '1000.00',
  ObjetoImp: '02',
  Traslados: [{ Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000' }],
} as const;

/** The sample Comprobante: the profile as emisor, one concept with IVA, dated now in Mexico City. */
function sampleComprobante(profile: Pick<FiscalProfileView, 'rfc' | 'legal_name' | 'tax_regime' | 'zip'>, now: Date): Comprobante {
  const totals = computeTotals({ TipoDeComprobante: 'I', Conceptos: [SAMPLE_CONCEPTO] }, { currencyDecimals: 2 });
  if (!totals.ok) throw new Error(`The preview sample does not add up: ${JSON.stringify(totals.errors)}`);
  const { amounts } = totals;
  const { Traslados: _taxes, ...fields } = SAMPLE_CONCEPTO;
  const computed = amounts.Conceptos[0];
  return {
    Version: '4.0',
    Serie: 'MUESTRA',
    Folio: '1',
    Fecha: localDateTime(now, MEXICO_CITY_TIME_ZONE),
    FormaPago: '03',
    MetodoPago: 'PUE',
    Moneda: 'MXN',
    TipoDeComprobante: 'I',
    Exportacion: '01',
    LugarExpedicion: profile.zip,
    Emisor: { Rfc: profile.rfc, Nombre: profile.legal_name, RegimenFiscal: profile.tax_regime },
    Receptor: { ...SAMPLE_RECEPTOR },
    SubTotal: amounts.SubTotal,
    Total: amounts.Total,
    Conceptos: [{ ...fields, Importe: computed?.Importe ?? '0', ...(computed?.Impuestos ? { Impuestos: computed.Impuestos } : {}) }],
    ...(amounts.Impuestos ? { Impuestos: amounts.Impuestos } : {}),
  };
}

/** The preview PDF; 404 for a profile of another organization or mode. Works in both modes. */
export async function renderBrandingPreview(ctx: Ctx, deps: InvoiceDeps, id: string, input: BrandingPreviewInput): Promise<Buffer> {
  const profile = await findFiscalProfile(ctx, id);
  const saved = await findProfileBranding(ctx, id);
  const xml = writeCfdi(sampleComprobante(profile, ctx.services.clock.now()));
  const logo = saved.logo?.content;
  return renderOnPool(ctx, deps, ctx.organizationId, {
    xml,
    preview: true,
    livemode: ctx.livemode,
    branding: { brandColor: input.brandColor ?? saved.brandColor, ...(logo ? { logo } : {}) },
  });
}
