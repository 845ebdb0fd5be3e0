/**
 * The stamped CFDI 4.0 XML of a synthetic history entry (on behalf of its third party, when
 * history.ts's rule gives it one): arithmetic by the engine's computeTotals, sealed with the
 * emisor's CSD (issued by the simulator's CA) and stamped with a TimbreFiscalDigital 1.1 sealed
 * by the simulator's timbrado certificate, like any PAC stamp.
 */
import type { SatCredential } from '../../cfdi/credentials.ts';
import type { Comprobante } from '../../cfdi/model.ts';
import { sealComprobante } from '../../cfdi/seal.ts';
import { buildTimbre } from '../../cfdi/tfd.ts';
import { computeTotals } from '../../cfdi/totals.ts';
import { writeCfdi } from '../../cfdi/writer.ts';
import { formatCents, thirdPartyOf, totalCents } from './history.ts';
import type { SyntheticCfdi } from './history.ts';
import { localDateTime } from './local-time.ts';

export interface Party {
  rfc: string;
  name: string;
  postalCode: string;
  regimenFiscal: string;
}

export interface Stamper {
  credential: SatCredential;
  rfcProvCertif: string;
}

/** c_RegimenFiscal 601 (general de ley, personas morales) or 612 (actividades empresariales, físicas). */
export function defaultRegimen(rfc: string): string {
  return rfc.length === 12 ? '601' : '612';
}

export function comprobanteOf(cfdi: SyntheticCfdi, emisor: Party, receptor: Party, timeZone: string): Comprobante {
  const subtotal = formatCents(cfdi.subtotalCents);
  const totals = computeTotals(
    {
      TipoDeComprobante: cfdi.tipo,
      Conceptos: [{ Cantidad: '1', ValorUnitario: subtotal, ObjetoImp: '02', Traslados: [{ Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000' }] }],
    },
    { currencyDecimals: 2 },
  );
  if (!totals.ok || totals.amounts.Total !== formatCents(totalCents(cfdi.subtotalCents))) {
    throw new Error(`Synthetic CFDI ${cfdi.uuid}: the engine's totals disagree with the history's amount.`);
  }
  const [concepto] = totals.amounts.Conceptos;
  const thirdParty = thirdPartyOf(cfdi);
  return {
    Version: '4.0',
    Serie: 'SIM',
    Folio: `${cfdi.month}${String(cfdi.index + 1).padStart(6, '0')}`,
    Fecha: localDateTime(new Date(cfdi.issuedAt), timeZone),
    FormaPago: '03',
    SubTotal: totals.amounts.SubTotal,
    Moneda: 'MXN',
    Total: totals.amounts.Total,
    TipoDeComprobante: cfdi.tipo,
    Exportacion: '01',
    MetodoPago: 'PUE',
    LugarExpedicion: emisor.postalCode,
    Emisor: { Rfc: emisor.rfc, Nombre: emisor.name, RegimenFiscal: emisor.regimenFiscal },
    Receptor: {
      Rfc: receptor.rfc,
      Nombre: receptor.name,
      DomicilioFiscalReceptor: receptor.postalCode,
      RegimenFiscalReceptor: receptor.regimenFiscal,
      UsoCFDI: cfdi.tipo === 'E' ? 'G02' : 'G03',
    },
    Conceptos: [
      {
        ClaveProdServ: '01010101',
        Cantidad: '1',
        ClaveUnidad: 'E48',
        Descripcion: cfdi.tipo === 'E' ? 'Bonificación simulada' : 'Servicio simulado',
        ValorUnitario: subtotal,
        Importe: concepto!.Importe,
        ObjetoImp: '02',
        ...(concepto!.Impuestos ? { Impuestos: concepto!.Impuestos } : {}),
        ...(thirdParty
          ? {
              ACuentaTerceros: {
                RfcACuentaTerceros: thirdParty.rfc,
                NombreACuentaTerceros: thirdParty.name,
                RegimenFiscalACuentaTerceros: defaultRegimen(thirdParty.rfc),
                DomicilioFiscalACuentaTerceros: thirdParty.postalCode,
              },
            }
          : {}),
      },
    ],
    ...(totals.amounts.Impuestos ? { Impuestos: totals.amounts.Impuestos } : {}),
  };
}

/** Seals, stamps and writes one synthetic CFDI (two RSA signatures on the thread pool). */
export async function syntheticXml(
  cfdi: SyntheticCfdi,
  parties: { emisor: Party; receptor: Party },
  emisorCsd: SatCredential,
  stamper: Stamper,
  timeZone: string,
): Promise<string> {
  const sealed = await sealComprobante(comprobanteOf(cfdi, parties.emisor, parties.receptor, timeZone), emisorCsd);
  const timbre = await buildTimbre(
    {
      UUID: cfdi.uuid,
      FechaTimbrado: localDateTime(new Date(cfdi.stampedAt), timeZone),
      RfcProvCertif: stamper.rfcProvCertif,
      SelloCFD: sealed.comprobante.Sello!,
      NoCertificadoSAT: stamper.credential.certificate.serialNumber,
    },
    stamper.credential.privateKey,
  );
  return writeCfdi({ ...sealed.comprobante, Complemento: [{ TimbreFiscalDigital: timbre }] });
}
