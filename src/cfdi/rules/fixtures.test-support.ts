/**
 * Test support for the rule tests: a valid CFDI 4.0 model built with the totals engine, small
 * in-memory SAT catalogs (rows copied from the SAT catalog export), and result helpers.
 */
import assert from 'node:assert/strict';
import type { Comprobante, Concepto } from '../model.ts';
import { computeTotals } from '../totals.ts';
import type { ConceptoDraft } from '../totals.ts';
import { inMemoryCatalogs } from './catalog-lookup.ts';
import type { CatalogRow } from './catalog-lookup.ts';
import type { ValidationResult } from './types.ts';

/** base64 of 256 bytes: the shape of an RSA-2048 Sello (not a real signature). */
export const FAKE_SELLO = Buffer.alloc(256, 7).toString('base64');

type ConceptoInput = ConceptoDraft & Partial<Pick<Concepto, 'ClaveProdServ' | 'ClaveUnidad' | 'Descripcion'>>;

/** A valid Ingreso in MXN whose amounts come from computeTotals. */
export function comprobante(
  conceptos: ConceptoInput[] = [
    { Cantidad: '1', ValorUnitario: '1000', ObjetoImp: '02', Traslados: [{ Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000' }] },
  ],
  overrides: Partial<Comprobante> = {},
  currencyDecimals = 2,
): Comprobante {
  const result = computeTotals({ TipoDeComprobante: overrides.TipoDeComprobante ?? 'I', Conceptos: conceptos }, { currencyDecimals });
  if (!result.ok) assert.fail(JSON.stringify(result.errors));
  const { amounts } = result;
  const model: Comprobante = {
    Version: '4.0',
    Serie: 'T',
    Folio: '1',
    Fecha: '2025-03-03T12:00:00',
    FormaPago: '03',
    NoCertificado: '30001000000500003446',
    Certificado: 'MIIFake',
    Sello: FAKE_SELLO,
    SubTotal: amounts.SubTotal,
    Moneda: 'MXN',
    Total: amounts.Total,
    TipoDeComprobante: 'I',
    Exportacion: '01',
    MetodoPago: 'PUE',
    LugarExpedicion: '06600',
    Emisor: { Rfc: 'FUNK671228PH6', Nombre: 'KARLA FUENTE NOLASCO', RegimenFiscal: '612' },
    Receptor: {
      Rfc: 'MCI7306249Y1',
      Nombre: 'MUNICIPIO DE CUAUTITLAN IZCALLI',
      DomicilioFiscalReceptor: '54700',
      RegimenFiscalReceptor: '603',
      UsoCFDI: 'G03',
    },
    Conceptos: conceptos.map((concepto, index) => {
      const computed = amounts.Conceptos[index];
      assert.ok(computed);
      const item: Concepto = {
        ClaveProdServ: concepto.ClaveProdServ ?? '81112100',
        Cantidad: concepto.Cantidad,
        ClaveUnidad: concepto.ClaveUnidad ?? 'E48',
        Descripcion: concepto.Descripcion ?? 'Servicio',
        ValorUnitario: concepto.ValorUnitario,
        Importe: computed.Importe,
        ObjetoImp: concepto.ObjetoImp,
      };
      if (computed.Descuento !== undefined) item.Descuento = computed.Descuento;
      if (computed.Impuestos) item.Impuestos = computed.Impuestos;
      return item;
    }),
    ...overrides,
  };
  if (amounts.Descuento !== undefined && !('Descuento' in overrides)) model.Descuento = amounts.Descuento;
  if (amounts.Impuestos && !('Impuestos' in overrides)) model.Impuestos = amounts.Impuestos;
  return model;
}

/** `code@path` of every error. */
export function errorsOf(result: ValidationResult): string[] {
  return result.errors.map((error) => `${error.code}@${error.path}`);
}

const rows = (header: string, ...lines: string[]): CatalogRow[] => {
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, index) => [columns[index] as string, value])));
};

/** A small slice of the SAT catalogs, enough for the unit tests. */
export const CATALOGS = inMemoryCatalogs({
  c_Moneda: {
    key: 'id',
    rows: rows(
      'id,decimales,vigencia_desde,vigencia_hasta',
      'MXN,2,2022-01-01,',
      'USD,2,2022-01-01,',
      'JPY,0,2022-01-01,',
      'BHD,3,2022-01-01,',
      'XXX,0,2022-01-01,',
    ),
  },
  c_FormaPago: { key: 'id', rows: rows('id,vigencia_desde,vigencia_hasta', '01,2022-01-01,', '03,2022-01-01,', '99,2022-01-01,') },
  c_MetodoPago: { key: 'id', rows: rows('id,vigencia_desde,vigencia_hasta', 'PUE,2022-01-01,', 'PPD,2022-01-01,') },
  c_Exportacion: { key: 'id', rows: rows('id,vigencia_desde,vigencia_hasta', '01,2022-01-01,', '02,2022-01-01,', '03,2022-01-01,', '04,2022-02-25,') },
  c_ObjetoImp: {
    key: 'id',
    rows: rows(
      'id,vigencia_desde,vigencia_hasta',
      '01,2022-01-01,',
      '02,2022-01-01,',
      '03,2022-01-01,',
      '04,2022-10-07,',
      '05,2023-12-06,',
      '06,2024-12-13,',
      '07,2024-12-13,',
      '08,2024-12-13,',
    ),
  },
  c_RegimenFiscal: {
    key: 'id',
    rows: rows(
      'id,aplica_fisica,aplica_moral,vigencia_desde,vigencia_hasta',
      '601,,1,2022-01-01,',
      '603,,1,2022-01-01,',
      '605,1,,2022-01-01,',
      '612,1,,2022-01-01,',
      '616,1,,2022-01-01,',
      '626,1,1,2022-01-01,',
    ),
  },
  c_UsoCFDI: {
    key: 'id',
    rows: [
      {
        id: 'G01',
        aplica_fisica: '1',
        aplica_moral: '1',
        vigencia_desde: '2022-01-01',
        regimenes_fiscales_receptores: '601, 603, 606, 612, 620, 621, 622, 623, 624, 625,626',
      },
      {
        id: 'G03',
        aplica_fisica: '1',
        aplica_moral: '1',
        vigencia_desde: '2022-01-01',
        regimenes_fiscales_receptores: '601, 603, 606, 612, 620, 621, 622, 623, 624, 625, 626',
      },
      {
        id: 'D01',
        aplica_fisica: '1',
        aplica_moral: '',
        vigencia_desde: '2022-01-01',
        regimenes_fiscales_receptores: '605, 606, 608, 611, 612, 614, 607, 615, 625',
      },
      {
        id: 'S01',
        aplica_fisica: '1',
        aplica_moral: '1',
        vigencia_desde: '2022-01-01',
        regimenes_fiscales_receptores: '601, 603, 605, 606, 608, 610, 611, 612, 614, 616, 620, 621, 622, 623, 624, 607, 615, 625, 626',
      },
      {
        id: 'CP01',
        aplica_fisica: '1',
        aplica_moral: '1',
        vigencia_desde: '2022-01-01',
        regimenes_fiscales_receptores: '601, 603, 605, 606, 608, 610, 611, 612, 614, 616, 620, 621, 622, 623, 624, 607, 615, 625, 626',
      },
    ],
  },
  c_ClaveProdServ: { key: 'id', rows: rows('id,vigencia_desde,vigencia_hasta', '81112100,2022-01-01,', '84111506,2022-01-01,', '01010101,2022-01-01,') },
  c_ClaveUnidad: { key: 'id', rows: rows('id,vigencia_desde,vigencia_hasta', 'E48,2022-01-01,', 'ACT,2022-01-01,', 'H87,2022-01-01,') },
  c_CodigoPostal: { key: 'code', rows: rows('code', '06600', '54700', '52000') },
  c_TasaOCuota: {
    key: 'valor',
    rows: rows(
      'tipo,minimo,valor,impuesto,factor,traslado,retencion,vigencia_desde,vigencia_hasta',
      'Fijo,,0.000000,IVA,Tasa,1,,2022-01-01,',
      'Fijo,,0.160000,IVA,Tasa,1,,2022-01-01,',
      'Rango,0.000000,0.160000,IVA,Tasa,,1,2022-01-01,',
      'Fijo,,0.080000,IVA Crédito aplicado del 50%,Tasa,1,,2022-01-01,',
      'Fijo,,0.265000,IEPS,Tasa,1,1,2022-01-01,',
      'Rango,0.000000,72.160500,IEPS,Cuota,1,1,2026-01-01,',
      'Rango,0.000000,0.350000,ISR,Tasa,,1,2022-01-01,',
    ),
  },
});
