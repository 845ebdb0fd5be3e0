/**
 * Catalog rules through the injected CatalogLookup (Anexo 20: every key must exist in its
 * c_* catalog and be in force at Fecha). When a catalog is not loaded only the key format is
 * checked and one `cfdi.catalog_not_loaded` warning names the catalog.
 */
import { Decimal } from '../amounts.ts';
import { findPagos } from '../model.ts';
import { attributeValue, childElements } from '../xml/tree.ts';
import { IMPUESTOS } from '../tax-specs.ts';
import type { TaxKind } from '../tax-specs.ts';
import { flag, inForce, listColumn } from './catalog-lookup.ts';
import type { CatalogName, CatalogRow } from './catalog-lookup.ts';
import {
  attributePath,
  CATALOG_KEY_PATTERNS,
  conceptoPath,
  conceptoTaxPath,
  doctoPath,
  FECHA_PATTERN,
  IMPUESTOS_PATH,
  NUMERO_PEDIMENTO_PATTERN,
  pagoPath,
  personaOf,
  ROOT_PATH,
} from './patterns.ts';
import type { RuleContext } from './types.ts';

const EMISOR = `${ROOT_PATH}/cfdi:Emisor`;
const RECEPTOR = `${ROOT_PATH}/cfdi:Receptor`;

/** Looks a key up; reports unknown keys, keys out of force and unloaded catalogs. */
function checkCode(context: RuleContext, catalog: CatalogName, code: string | undefined, path: string): CatalogRow | undefined {
  if (code === undefined || code === '' || context.issues.hasErrorAt(path)) return undefined;
  const lookup = context.options.catalogs;
  const unknown = catalog === 'c_Moneda' ? 'cfdi.unknown_currency' : 'cfdi.unknown_catalog_code';
  if (!lookup || !lookup.isLoaded(catalog)) {
    context.issues.warn(
      'cfdi.catalog_not_loaded',
      ROOT_PATH,
      `${catalog} was not checked here (the catalog is not imported): only the format of its keys was checked.`,
    );
    if (!CATALOG_KEY_PATTERNS[catalog].test(code)) context.issues.error(unknown, path, `"${code}" is not a well-formed ${catalog} key.`);
    return undefined;
  }
  const row = lookup.get(catalog, code);
  if (!row) {
    context.issues.error(unknown, path, `"${code}" is not in ${catalog}.`);
    return undefined;
  }
  const fecha = context.comprobante.Fecha;
  if (FECHA_PATTERN.test(fecha ?? '') && !inForce(row, fecha.slice(0, 10))) {
    context.issues.error(
      'cfdi.catalog_code_not_in_force',
      path,
      `${catalog} key "${code}" is not in force on ${fecha.slice(0, 10)} (${row['vigencia_desde'] ?? ''} to ${row['vigencia_hasta'] || 'open'}).`,
    );
  }
  return row;
}

export function checkCatalogs(context: RuleContext): void {
  const c = context.comprobante;
  checkCode(context, 'c_Moneda', c.Moneda, attributePath(ROOT_PATH, 'Moneda'));
  checkCode(context, 'c_FormaPago', c.FormaPago, attributePath(ROOT_PATH, 'FormaPago'));
  checkCode(context, 'c_MetodoPago', c.MetodoPago, attributePath(ROOT_PATH, 'MetodoPago'));
  checkCode(context, 'c_Exportacion', c.Exportacion, attributePath(ROOT_PATH, 'Exportacion'));
  checkCode(context, 'c_CodigoPostal', c.LugarExpedicion, attributePath(ROOT_PATH, 'LugarExpedicion'));
  if (c.InformacionGlobal) {
    const base = `${ROOT_PATH}/cfdi:InformacionGlobal`;
    checkCode(context, 'c_Periodicidad', c.InformacionGlobal.Periodicidad, attributePath(base, 'Periodicidad'));
    checkCode(context, 'c_Meses', c.InformacionGlobal.Meses, attributePath(base, 'Meses'));
  }
  (c.CfdiRelacionados ?? []).forEach((group, index) =>
    checkCode(context, 'c_TipoRelacion', group.TipoRelacion, attributePath(`${ROOT_PATH}/cfdi:CfdiRelacionados[${index + 1}]`, 'TipoRelacion')),
  );
  checkRegimen(context, EMISOR, 'RegimenFiscal', c.Emisor.RegimenFiscal, c.Emisor.Rfc);
  const receptorRegimen = checkRegimen(context, RECEPTOR, 'RegimenFiscalReceptor', c.Receptor.RegimenFiscalReceptor, c.Receptor.Rfc);
  checkUsoCfdi(context, receptorRegimen);
  checkCode(context, 'c_CodigoPostal', c.Receptor.DomicilioFiscalReceptor, attributePath(RECEPTOR, 'DomicilioFiscalReceptor'));
  checkCode(context, 'c_Pais', c.Receptor.ResidenciaFiscal, attributePath(RECEPTOR, 'ResidenciaFiscal'));
  c.Conceptos.forEach((concepto, index) => {
    const base = conceptoPath(index);
    checkCode(context, 'c_ClaveProdServ', concepto.ClaveProdServ, attributePath(base, 'ClaveProdServ'));
    checkCode(context, 'c_ClaveUnidad', concepto.ClaveUnidad, attributePath(base, 'ClaveUnidad'));
    checkCode(context, 'c_ObjetoImp', concepto.ObjetoImp, attributePath(base, 'ObjetoImp'));
    concepto.InformacionAduanera?.forEach((aduanera, aduaneraIndex) =>
      checkPedimento(context, aduanera.NumeroPedimento, attributePath(`${base}/cfdi:InformacionAduanera[${aduaneraIndex + 1}]`, 'NumeroPedimento')),
    );
    concepto.Parte?.forEach((parte, parteIndex) => {
      const parteBase = `${base}/cfdi:Parte[${parteIndex + 1}]`;
      checkCode(context, 'c_ClaveProdServ', parte.ClaveProdServ, attributePath(parteBase, 'ClaveProdServ'));
      parte.InformacionAduanera?.forEach((aduanera, aduaneraIndex) =>
        checkPedimento(context, aduanera.NumeroPedimento, attributePath(`${parteBase}/cfdi:InformacionAduanera[${aduaneraIndex + 1}]`, 'NumeroPedimento')),
      );
    });
    concepto.Impuestos?.Traslados?.forEach((tax, taxIndex) =>
      checkRate(context, tax, 'traslado', attributePath(conceptoTaxPath(index, 'traslado', taxIndex), 'TasaOCuota')),
    );
    concepto.Impuestos?.Retenciones?.forEach((tax, taxIndex) =>
      checkRate(context, tax, 'retencion', attributePath(conceptoTaxPath(index, 'retencion', taxIndex), 'TasaOCuota')),
    );
  });
  c.Impuestos?.Traslados?.forEach((tax, index) =>
    checkRate(context, tax, 'traslado', attributePath(`${IMPUESTOS_PATH}/cfdi:Traslados/cfdi:Traslado[${index + 1}]`, 'TasaOCuota')),
  );
  checkPagosCatalogs(context);
  checkCartaPorteCatalogs(context);
}

const CARTA_PORTE_31 = 'http://www.sat.gob.mx/CartaPorte31';

/** Carta Porte 3.1: each Mercancia/@BienesTransp is a key of c_ClaveProdServCP. */
function checkCartaPorteCatalogs(context: RuleContext): void {
  for (const item of context.comprobante.Complemento ?? []) {
    if (!('Otro' in item) || item.Otro.Xml.namespace !== CARTA_PORTE_31 || item.Otro.Xml.local !== 'CartaPorte') continue;
    const base = `${ROOT_PATH}/cfdi:Complemento/cartaporte31:CartaPorte/cartaporte31:Mercancias`;
    for (const mercancias of childElements(item.Otro.Xml, CARTA_PORTE_31, 'Mercancias')) {
      childElements(mercancias, CARTA_PORTE_31, 'Mercancia').forEach((mercancia, index) =>
        checkCode(
          context,
          'c_ClaveProdServCP',
          attributeValue(mercancia, 'BienesTransp'),
          attributePath(`${base}/cartaporte31:Mercancia[${index + 1}]`, 'BienesTransp'),
        ),
      );
    }
  }
}

/**
 * InformacionAduanera/@NumeroPedimento against c_NumPedimentoAduana: its aduana, patente and year
 * (2000 plus its first two digits) must be a row of the catalog, and its consecutive (the last six
 * digits) at most the row's `cantidad`. A number of another shape is the schema's to report.
 */
function checkPedimento(context: RuleContext, numero: string | undefined, path: string): void {
  const match = NUMERO_PEDIMENTO_PATTERN.exec(numero ?? '');
  if (!match) return;
  const [, year, aduana, patente, consecutive] = match as unknown as [string, string, string, string, string];
  const row = checkCode(context, 'c_NumPedimentoAduana', `${aduana}-${patente}-20${year}`, path);
  if (!row) return;
  const cantidad = Number(row['cantidad'] ?? '');
  if (Number.isInteger(cantidad) && Number(consecutive) > cantidad) {
    context.issues.error(
      'cfdi.unknown_catalog_code',
      path,
      `Pedimento ${numero}: consecutive ${consecutive} is above ${cantidad}, the last one c_NumPedimentoAduana allows aduana ${aduana} and patente ${patente} in 20${year}.`,
    );
  }
}

/** c_RegimenFiscal: the key exists and applies to the persona of the RFC (12 moral, 13 física). */
function checkRegimen(context: RuleContext, base: string, name: string, regimen: string, rfc: string): CatalogRow | undefined {
  const path = attributePath(base, name);
  const row = checkCode(context, 'c_RegimenFiscal', regimen, path);
  const persona = personaOf(rfc ?? '');
  if (row && persona && !flag(row, persona === 'moral' ? 'aplica_moral' : 'aplica_fisica')) {
    context.issues.error(
      'cfdi.regimen_fiscal_not_allowed',
      path,
      `Régimen ${regimen} does not apply to a persona ${persona === 'moral' ? 'moral' : 'física'} (RFC ${rfc}).`,
    );
  }
  return row;
}

/** c_UsoCFDI: allowed for the receptor's persona and listed for its RegimenFiscalReceptor. */
function checkUsoCfdi(context: RuleContext, regimenRow: CatalogRow | undefined): void {
  const { Receptor: receptor } = context.comprobante;
  const path = attributePath(RECEPTOR, 'UsoCFDI');
  const row = checkCode(context, 'c_UsoCFDI', receptor.UsoCFDI, path);
  if (!row) return;
  const persona = personaOf(receptor.Rfc ?? '');
  if (persona && !flag(row, persona === 'moral' ? 'aplica_moral' : 'aplica_fisica')) {
    context.issues.error(
      'cfdi.uso_cfdi_not_allowed',
      path,
      `UsoCFDI ${receptor.UsoCFDI} does not apply to a persona ${persona === 'moral' ? 'moral' : 'física'} (RFC ${receptor.Rfc}).`,
    );
  }
  const regimenes = listColumn(row, 'regimenes_fiscales_receptores');
  if (regimenRow && regimenes.length > 0 && !regimenes.includes(receptor.RegimenFiscalReceptor)) {
    context.issues.error(
      'cfdi.uso_cfdi_not_allowed',
      path,
      `UsoCFDI ${receptor.UsoCFDI} is not allowed for RegimenFiscalReceptor ${receptor.RegimenFiscalReceptor} (allowed: ${regimenes.join(', ')}).`,
    );
  }
}

/**
 * c_TasaOCuota is a table of rules: a "Fijo" row names one rate, a "Rango" row a range
 * [minimo, valor]; the row must match the tax (by name), the factor, and traslado/retención.
 */
function checkRate(
  context: RuleContext,
  tax: { Impuesto: string; TipoFactor?: string | undefined; TasaOCuota?: string | undefined },
  kind: TaxKind,
  path: string,
): void {
  const rate = tax.TasaOCuota;
  if (rate === undefined || !/^[0-9]+\.[0-9]{6}$/.test(rate) || (tax.TipoFactor !== 'Tasa' && tax.TipoFactor !== 'Cuota')) return;
  const lookup = context.options.catalogs;
  if (!lookup || !lookup.isLoaded('c_TasaOCuota') || !lookup.rows) {
    context.issues.warn(
      'cfdi.catalog_not_loaded',
      ROOT_PATH,
      'c_TasaOCuota was not checked here (the catalog is not imported): tax rates were checked for format only.',
    );
    return;
  }
  const name = IMPUESTOS[tax.Impuesto]?.name;
  const value = new Decimal(rate);
  const matches = lookup.rows('c_TasaOCuota').some((row) => {
    if (!name || !(row['impuesto'] ?? '').startsWith(name) || row['factor'] !== tax.TipoFactor || !flag(row, kind)) return false;
    if (row['tipo'] === 'Rango') return value.gte(row['minimo'] || 0) && value.lte(row['valor'] || 0);
    return value.eq(row['valor'] || -1);
  });
  if (!matches)
    context.issues.error(
      'cfdi.invalid_tax_rate',
      path,
      `TasaOCuota ${rate} is not a c_TasaOCuota ${tax.TipoFactor} rate of ${name ?? tax.Impuesto} for a ${kind}.`,
    );
}

function checkPagosCatalogs(context: RuleContext): void {
  findPagos(context.comprobante)?.Pago.forEach((pago, index) => {
    const base = pagoPath(index);
    checkCode(context, 'c_Moneda', pago.MonedaP, attributePath(base, 'MonedaP'));
    checkCode(context, 'c_FormaPago', pago.FormaDePagoP, attributePath(base, 'FormaDePagoP'));
    pago.DoctoRelacionado.forEach((docto, doctoIndex) => {
      const doctoBase = doctoPath(index, doctoIndex);
      checkCode(context, 'c_Moneda', docto.MonedaDR, attributePath(doctoBase, 'MonedaDR'));
      checkCode(context, 'c_ObjetoImp', docto.ObjetoImpDR, attributePath(doctoBase, 'ObjetoImpDR'));
      docto.ImpuestosDR?.TrasladosDR?.forEach((tax, taxIndex) =>
        checkRate(
          context,
          { Impuesto: tax.ImpuestoDR, TipoFactor: tax.TipoFactorDR, TasaOCuota: tax.TasaOCuotaDR },
          'traslado',
          attributePath(`${doctoBase}/pago20:ImpuestosDR/pago20:TrasladosDR/pago20:TrasladoDR[${taxIndex + 1}]`, 'TasaOCuotaDR'),
        ),
      );
      docto.ImpuestosDR?.RetencionesDR?.forEach((tax, taxIndex) =>
        checkRate(
          context,
          { Impuesto: tax.ImpuestoDR, TipoFactor: tax.TipoFactorDR, TasaOCuota: tax.TasaOCuotaDR },
          'retencion',
          attributePath(`${doctoBase}/pago20:ImpuestosDR/pago20:RetencionesDR/pago20:RetencionDR[${taxIndex + 1}]`, 'TasaOCuotaDR'),
        ),
      );
    });
  });
}
