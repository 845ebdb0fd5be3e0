/**
 * Test support for the simulator and its clients: CFDIs built with the engine (computeTotals →
 * model → cadena → seal → XML) and sealed with any credential, including ones a PAC must reject
 * (a FIEL, someone else's CSD), plus the local Fecha the simulator's clock expects.
 */
import assert from 'node:assert/strict';
import { cadenaOriginal } from '../cfdi/cadena.ts';
import type { SatCredential } from '../cfdi/credentials.ts';
import type { CfdiRelacionados, Comprobante } from '../cfdi/model.ts';
import { localDateTime } from '../cfdi/rules/index.ts';
import { signCadenaSync } from '../cfdi/signature.ts';
import { computeTotals } from '../cfdi/totals.ts';
import { writeCfdi } from '../cfdi/writer.ts';
import type { Clock } from '../platform/clock.ts';

const MEXICO_CITY = 'America/Mexico_City';

/** Local Mexico City time `offsetMinutes` from the clock's now. */
export function fechaAt(clock: Clock, offsetMinutes = -60): string {
  return localDateTime(new Date(clock.now().getTime() + offsetMinutes * 60_000), MEXICO_CITY);
}

export interface CfdiOptions {
  fecha: string;
  emisorRfc?: string;
  emisorNombre?: string;
  receptorRfc?: string;
  serie?: string;
  folio?: string;
  tipo?: 'I' | 'E' | 'T' | 'N' | 'P';
  /** Unit price of the single item (with 16% IVA on top). Default 2000.00 (needs acceptance to cancel). */
  valorUnitario?: string;
  relacionados?: CfdiRelacionados[];
  /** Applied to the model before sealing (e.g. break the arithmetic). */
  beforeSeal?: (model: Comprobante) => Comprobante;
}

export function buildComprobante(credential: SatCredential, options: CfdiOptions): Comprobante {
  const tipo = options.tipo ?? 'I';
  const concepto = {
    Cantidad: '1',
    ValorUnitario: options.valorUnitario ?? '2000.00',
    ObjetoImp: '02',
    Traslados: [{ Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000' }],
  };
  const totals = computeTotals({ TipoDeComprobante: tipo, Conceptos: [concepto] }, { currencyDecimals: 2 });
  if (!totals.ok) assert.fail(JSON.stringify(totals.errors));
  const amounts = totals.amounts;
  const computed = amounts.Conceptos[0]!;
  const receptorRfc = options.receptorRfc ?? 'MCI7306249Y1';
  const model: Comprobante = {
    Version: '4.0',
    Serie: options.serie ?? 'T',
    Folio: options.folio ?? '1',
    Fecha: options.fecha,
    FormaPago: '03',
    SubTotal: amounts.SubTotal,
    Moneda: 'MXN',
    Total: amounts.Total,
    TipoDeComprobante: tipo,
    Exportacion: '01',
    MetodoPago: 'PUE',
    LugarExpedicion: '06600',
    Emisor: { Rfc: options.emisorRfc ?? credential.certificate.rfc, Nombre: options.emisorNombre ?? credential.certificate.legalName, RegimenFiscal: '601' },
    Receptor: {
      Rfc: receptorRfc,
      Nombre: receptorRfc === 'XAXX010101000' ? 'PUBLICO EN GENERAL' : 'RECEPTOR DE PRUEBA',
      DomicilioFiscalReceptor: receptorRfc === 'XAXX010101000' ? '06600' : '54700',
      RegimenFiscalReceptor: receptorRfc === 'XAXX010101000' ? '616' : '601',
      UsoCFDI: receptorRfc === 'XAXX010101000' ? 'S01' : 'G03',
    },
    Conceptos: [
      {
        ClaveProdServ: '81112100',
        Cantidad: '1',
        ClaveUnidad: 'E48',
        Descripcion: 'Servicio de prueba',
        ValorUnitario: concepto.ValorUnitario,
        Importe: computed.Importe,
        ObjetoImp: '02',
        ...(computed.Impuestos ? { Impuestos: computed.Impuestos } : {}),
      },
    ],
    ...(amounts.Impuestos ? { Impuestos: amounts.Impuestos } : {}),
    ...(options.relacionados ? { CfdiRelacionados: options.relacionados } : {}),
    // Anexo 20: a CFDI to the general public is a global invoice and carries InformacionGlobal.
    ...(receptorRfc === 'XAXX010101000' ? { InformacionGlobal: { Periodicidad: '01', Meses: options.fecha.slice(5, 7), Año: options.fecha.slice(0, 4) } } : {}),
  };
  return options.beforeSeal ? options.beforeSeal(model) : model;
}

/** Seals with any credential (no CSD/RFC checks, unlike the engine's sealComprobante). */
export function sealWith(model: Comprobante, credential: SatCredential): Comprobante {
  const { Sello: _previous, ...rest } = model;
  const unsigned: Comprobante = { ...rest, NoCertificado: credential.certificate.serialNumber, Certificado: credential.certificate.base64 };
  return { ...unsigned, Sello: signCadenaSync(cadenaOriginal(unsigned), credential.privateKey) };
}

export function sealedXml(credential: SatCredential, options: CfdiOptions): string {
  return writeCfdi(sealWith(buildComprobante(credential, options), credential));
}
