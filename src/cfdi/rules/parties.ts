/**
 * Rules of Emisor, Receptor, InformacionGlobal and CfdiRelacionados (Anexo 20, CFDI 4.0),
 * including the SAT's generic RFCs: XAXX010101000 (público en general) and XEXX010101000
 * (residente en el extranjero) use régimen 616, UsoCFDI S01 (CP01 in a Pago), and the
 * issuer's LugarExpedicion as DomicilioFiscalReceptor.
 */
import { Rfc } from '@nodecfdi/rfc';
import { attributePath, POSTAL_CODE_PATTERN, RFC_EXTRANJERO, RFC_PATTERN, RFC_PUBLICO_GENERAL, ROOT_PATH, UUID_PATTERN } from './patterns.ts';
import { checkText, forbidValue, requireValue } from './structural.ts';
import type { RuleContext } from './types.ts';

const EMISOR = `${ROOT_PATH}/cfdi:Emisor`;
const RECEPTOR = `${ROOT_PATH}/cfdi:Receptor`;
const GENERIC_RFCS = new Set([RFC_PUBLICO_GENERAL, RFC_EXTRANJERO]);

function checkRfc(context: RuleContext, base: string, value: string | undefined): void {
  if (!requireValue(context, base, 'Rfc', value)) return;
  if (!RFC_PATTERN.test(value)) {
    context.issues.error('cfdi.invalid_rfc', attributePath(base, 'Rfc'), `Rfc "${value}" is not a valid RFC (12 or 13 upper-case characters, no spaces).`);
  } else if (!Rfc.isValid(value)) {
    // The pattern admits any day 01–31 in any month; the SAT assigns RFCs from real dates.
    const date = value.slice(value.length - 9, value.length - 3);
    context.issues.error(
      'cfdi.invalid_rfc',
      attributePath(base, 'Rfc'),
      `Rfc "${value}" is not a valid RFC: its date ${date.slice(0, 2)}-${date.slice(2, 4)}-${date.slice(4)} (yy-mm-dd) does not exist.`,
    );
  }
}

export function checkParties(context: RuleContext): void {
  const { Emisor: emisor, Receptor: receptor } = context.comprobante;
  checkRfc(context, EMISOR, emisor.Rfc);
  if (requireValue(context, EMISOR, 'Nombre', emisor.Nombre)) checkText(context, EMISOR, 'Nombre', emisor.Nombre, 254);
  requireValue(context, EMISOR, 'RegimenFiscal', emisor.RegimenFiscal);
  if (emisor.FacAtrAdquirente !== undefined && !/^[0-9]{10}$/.test(emisor.FacAtrAdquirente)) {
    context.issues.error('cfdi.invalid_value', attributePath(EMISOR, 'FacAtrAdquirente'), 'FacAtrAdquirente must be a 10-digit number.');
  }
  checkRfc(context, RECEPTOR, receptor.Rfc);
  if (requireValue(context, RECEPTOR, 'Nombre', receptor.Nombre)) checkText(context, RECEPTOR, 'Nombre', receptor.Nombre, 254);
  requireValue(context, RECEPTOR, 'RegimenFiscalReceptor', receptor.RegimenFiscalReceptor);
  requireValue(context, RECEPTOR, 'UsoCFDI', receptor.UsoCFDI);
  if (
    requireValue(context, RECEPTOR, 'DomicilioFiscalReceptor', receptor.DomicilioFiscalReceptor) &&
    !POSTAL_CODE_PATTERN.test(receptor.DomicilioFiscalReceptor)
  ) {
    context.issues.error(
      'cfdi.invalid_postal_code',
      attributePath(RECEPTOR, 'DomicilioFiscalReceptor'),
      `DomicilioFiscalReceptor "${receptor.DomicilioFiscalReceptor}" is not a 5-digit postal code.`,
    );
  }
  checkUsoByTipo(context);
  checkGenericReceptor(context);
  checkInformacionGlobal(context);
  checkRelacionados(context);
}

/** c_UsoCFDI: CP01 belongs to Pagos and CN01 to Nómina, and those types use nothing else. */
function checkUsoByTipo(context: RuleContext): void {
  const tipo = context.comprobante.TipoDeComprobante;
  const uso = context.comprobante.Receptor.UsoCFDI;
  const path = attributePath(RECEPTOR, 'UsoCFDI');
  if (!uso) return;
  if (tipo === 'P' && uso !== 'CP01') context.issues.error('cfdi.invalid_value', path, `UsoCFDI must be CP01 in a type P CFDI, not ${uso}.`);
  else if (tipo === 'N' && uso !== 'CN01') context.issues.error('cfdi.invalid_value', path, `UsoCFDI must be CN01 in a type N CFDI, not ${uso}.`);
  else if (tipo !== 'P' && uso === 'CP01') context.issues.error('cfdi.invalid_value', path, 'UsoCFDI CP01 is only for type P CFDI.');
  else if (tipo !== 'N' && uso === 'CN01') context.issues.error('cfdi.invalid_value', path, 'UsoCFDI CN01 is only for type N CFDI.');
}

function checkGenericReceptor(context: RuleContext): void {
  const c = context.comprobante;
  const receptor = c.Receptor;
  const generic = GENERIC_RFCS.has(receptor.Rfc);
  if (receptor.Rfc !== RFC_EXTRANJERO) {
    forbidValue(context, RECEPTOR, 'ResidenciaFiscal', receptor.ResidenciaFiscal, `unless the receptor RFC is ${RFC_EXTRANJERO}`);
    forbidValue(context, RECEPTOR, 'NumRegIdTrib', receptor.NumRegIdTrib, `unless the receptor RFC is ${RFC_EXTRANJERO}`);
  } else if (receptor.ResidenciaFiscal === 'MEX') {
    context.issues.error('cfdi.invalid_value', attributePath(RECEPTOR, 'ResidenciaFiscal'), 'ResidenciaFiscal of a foreign receptor cannot be MEX.');
  }
  if (!generic) return;
  if (receptor.DomicilioFiscalReceptor && receptor.DomicilioFiscalReceptor !== c.LugarExpedicion) {
    context.issues.error(
      'cfdi.invalid_value',
      attributePath(RECEPTOR, 'DomicilioFiscalReceptor'),
      `With the generic RFC ${receptor.Rfc}, DomicilioFiscalReceptor must equal LugarExpedicion (${c.LugarExpedicion}).`,
    );
  }
  if (receptor.RegimenFiscalReceptor && receptor.RegimenFiscalReceptor !== '616') {
    context.issues.error(
      'cfdi.invalid_value',
      attributePath(RECEPTOR, 'RegimenFiscalReceptor'),
      `With the generic RFC ${receptor.Rfc}, RegimenFiscalReceptor must be 616 (Sin obligaciones fiscales).`,
    );
  }
  const allowedUso = c.TipoDeComprobante === 'P' ? 'CP01' : 'S01';
  if (receptor.UsoCFDI && receptor.UsoCFDI !== allowedUso) {
    context.issues.error('cfdi.invalid_value', attributePath(RECEPTOR, 'UsoCFDI'), `With the generic RFC ${receptor.Rfc}, UsoCFDI must be ${allowedUso}.`);
  }
}

/** InformacionGlobal exists exactly for the global invoice to the general public. */
function checkInformacionGlobal(context: RuleContext): void {
  const c = context.comprobante;
  const path = `${ROOT_PATH}/cfdi:InformacionGlobal`;
  const global = c.Receptor.Rfc === RFC_PUBLICO_GENERAL && c.Receptor.Nombre === 'PUBLICO EN GENERAL';
  if (global && !c.InformacionGlobal && c.TipoDeComprobante !== 'P') {
    context.issues.error('cfdi.missing_attribute', path, 'A CFDI to PUBLICO EN GENERAL (XAXX010101000) needs the InformacionGlobal node.');
  }
  if (c.InformacionGlobal && c.Receptor.Rfc !== RFC_PUBLICO_GENERAL) {
    context.issues.error('cfdi.attribute_not_allowed', path, `InformacionGlobal is only for a global CFDI to ${RFC_PUBLICO_GENERAL}.`);
  }
  const año = c.InformacionGlobal?.Año;
  if (año !== undefined && c.Fecha && !(/^[0-9]{4}$/.test(año) && Math.abs(Number(año) - Number(c.Fecha.slice(0, 4))) <= 1)) {
    context.issues.error('cfdi.invalid_value', attributePath(path, 'Año'), `Año "${año}" must be the year of Fecha or the previous one.`);
  }
}

function checkRelacionados(context: RuleContext): void {
  (context.comprobante.CfdiRelacionados ?? []).forEach((group, groupIndex) => {
    const base = `${ROOT_PATH}/cfdi:CfdiRelacionados[${groupIndex + 1}]`;
    requireValue(context, base, 'TipoRelacion', group.TipoRelacion);
    group.UUIDs.forEach((uuid, index) => {
      if (!UUID_PATTERN.test(uuid)) {
        context.issues.error(
          'cfdi.invalid_uuid',
          attributePath(`${base}/cfdi:CfdiRelacionado[${index + 1}]`, 'UUID'),
          `UUID "${uuid}" is not a folio fiscal (8-4-4-4-12 hexadecimal).`,
        );
      }
    });
  });
}
