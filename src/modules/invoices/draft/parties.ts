/**
 * Emisor and Receptor of the CFDI from the fiscal profile and the request's `customer`, with the
 * SAT's rules for the generic RFCs filled in as defaults (Anexo 20, Receptor): the general public
 * (XAXX010101000) and foreign customers (XEXX010101000) use régimen 616, UsoCFDI S01 (CP01 in a
 * payment) and the issuer's postal code; the general public's name is PUBLICO EN GENERAL.
 */
import type { Emisor, Receptor } from '../../../cfdi/model.ts';
import type { FieldError } from '../../../platform/errors/api-error.ts';
import type { InvoiceInput } from '../request-schemas.ts';
import { usePath } from './paths.ts';

const PUBLICO_EN_GENERAL_RFC = 'XAXX010101000';
const EXTRANJERO_RFC = 'XEXX010101000';
const PUBLICO_EN_GENERAL_NAME = 'PUBLICO EN GENERAL';

/** The issuer as the fiscal profile describes it. */
export interface Issuer {
  rfc: string;
  legalName: string;
  taxRegime: string;
  /** The profile's postal code: the CFDI's LugarExpedicion. */
  zip: string;
}

export function emisorOf(issuer: Issuer): Emisor {
  return { Rfc: issuer.rfc, Nombre: issuer.legalName, RegimenFiscal: issuer.taxRegime };
}

function useOf(input: InvoiceInput, generic: boolean): string | undefined {
  const given = input.customer.cfdi_use ?? input.customer.use ?? input.use;
  if (given !== undefined) return given;
  if (input.type === 'P') return 'CP01';
  return generic ? 'S01' : undefined;
}

/** The Receptor, or field errors for what the request lacks. Empty strings let the engine name the rest. */
export function receptorOf(input: InvoiceInput, issuer: Issuer, errors: FieldError[]): Receptor {
  const customer = input.customer;
  const rfc = customer.rfc.trim().toUpperCase();
  const generic = rfc === PUBLICO_EN_GENERAL_RFC || rfc === EXTRANJERO_RFC;
  const uso = useOf(input, generic);
  if (uso === undefined) {
    errors.push({ path: usePath(input), code: 'cfdi.missing_uso', message: "is required: the customer's CFDI use (c_UsoCFDI), for example G03 or S01." });
  }
  const receptor: Receptor = {
    Rfc: rfc,
    Nombre: customer.name ?? (rfc === PUBLICO_EN_GENERAL_RFC ? PUBLICO_EN_GENERAL_NAME : ''),
    DomicilioFiscalReceptor: customer.postal_code ?? (generic ? issuer.zip : ''),
    RegimenFiscalReceptor: customer.tax_regime ?? (generic ? '616' : ''),
    UsoCFDI: uso ?? '',
  };
  if (customer.country !== undefined) receptor.ResidenciaFiscal = customer.country;
  if (customer.tax_id !== undefined) receptor.NumRegIdTrib = customer.tax_id;
  return receptor;
}
