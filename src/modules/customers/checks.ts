import type { Ctx } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { fieldLabel } from '../../platform/errors/field-words.ts';
import { receptorErrors } from '../invoices/index.ts';
import type { CustomerDeps } from './ports.ts';

/** The receptor as saved: what the invoice rules and the RFC validation look at. */
export interface ReceptorOfCustomer {
  rfc: string;
  legal_name: string;
  tax_regime: string;
  postal_code: string;
  cfdi_use: string | null;
  country: string | null;
  tax_id: string | null;
}

const GENERIC_RFCS = new Set(['XAXX010101000', 'XEXX010101000']);
// The invoice request calls the receptor's name `name`; a customer calls it `legal_name`.
const fieldOf = (path: string) => (path === 'name' ? 'legal_name' : path);

/** The CFDI 4.0 receptor rules, as the invoices module applies them to an invoice's customer. */
function checkReceptorRules(deps: CustomerDeps, receptor: ReceptorOfCustomer, now: Date): void {
  const errors = receptorErrors(
    deps.catalogs,
    {
      rfc: receptor.rfc,
      name: receptor.legal_name,
      tax_regime: receptor.tax_regime,
      postal_code: receptor.postal_code,
      ...(receptor.cfdi_use !== null ? { cfdi_use: receptor.cfdi_use } : {}),
      ...(receptor.country !== null ? { country: receptor.country } : {}),
      ...(receptor.tax_id !== null ? { tax_id: receptor.tax_id } : {}),
    },
    now,
  ).map((error) => ({ ...error, path: fieldOf(error.path) }));
  if (errors.length > 0) {
    throw new ApiError(
      'receptor.invalid',
      {
        en: `The customer is not a valid CFDI 4.0 receptor (${errors.map((error) => error.path).join(', ')}).`,
        es: `El cliente no es un receptor válido de CFDI 4.0 (${errors.map((error) => error.path).join(', ')}).`,
      },
      {
        errors,
      },
    );
  }
}

/**
 * Checks a customer before it is saved: the receptor rules, then the RFC validation of the mode
 * (name and postal code as registered for the RFC). Returns when the RFC was verified, or null
 * when the mode has no RFC validation (live mode) and only the rules were checked.
 */
export async function checkCustomer(ctx: Ctx, deps: CustomerDeps, receptor: ReceptorOfCustomer): Promise<Date | null> {
  const now = ctx.services.clock.now();
  checkReceptorRules(deps, receptor, now);
  if (GENERIC_RFCS.has(receptor.rfc)) return now;
  const validator = deps.rfcValidatorFor(ctx.mode);
  if (!validator) return null;
  const result = await validator.validate({ rfc: receptor.rfc, name: receptor.legal_name, postalCode: receptor.postal_code });
  if (result.valid) return now;
  // The validation's findings are the SAT's own Spanish sentences: a Spanish answer shows them under the field's name.
  const errors = result.errors.map((finding) => {
    const path = fieldOf(finding.field);
    return { path, code: finding.code, message: finding.message, messageEs: `${fieldLabel(path, 'es')}: ${finding.message}` };
  });
  throw new ApiError(
    'receptor.rfc_not_verified',
    {
      en: `The RFC validation refused ${receptor.rfc}: ${result.errors.map((finding) => finding.code).join(', ')}.`,
      es: `La validación del RFC rechazó ${receptor.rfc}: ${result.errors.map((finding) => finding.code).join(', ')}.`,
    },
    {
      errors,
    },
  );
}
