/**
 * The SAT's RFC validation as a PAC applies it at stamping (Anexo 20, CFDI 4.0): the receptor's
 * RFC must be in the list of RFCs "inscritos no cancelados", and the name and fiscal postal code
 * sent must be the ones registered for it. The simulator answers from its taxpayers (the
 * ledger's, seeded by migrations/0003_registered_receptors.sql) with the SAT's codes and messages:
 *
 * - CFDI40144: the RFC is not in the list;
 * - CFDI40145: the name is not the one registered for the RFC;
 * - CFDI40147: the postal code is not the one registered for the RFC.
 *
 * The generic RFCs (XAXX010101000, XEXX010101000) are always valid. Names compare as the SAT
 * compares them in practice: upper case, surrounding and repeated spaces ignored.
 *
 *   POST /sat/rfc-validation  {"rfc": "…", "name": "…", "postal_code": "…"}
 *   → {"rfc": "…", "valid": true} | {"rfc": "…", "valid": false, "errors": [{"code", "field", "message"}]}
 *   PUT /sat/taxpayers/{rfc}  {"name": "…", "postal_code": "…", "tax_regime"?: "…"}  registers a taxpayer (tests).
 */
import type { FastifyInstance } from 'fastify';
import type { SimulatorDeps } from '../deps.ts';
import { defaultRegimen } from '../descarga/synthetic-xml.ts';

const GENERIC_RFCS = new Set(['XAXX010101000', 'XEXX010101000']);
const RFC_SHAPE = /^[A-Z&Ñ]{3,4}[0-9]{6}[A-Z0-9]{3}$/;

const RFC_VALIDATION_ERRORS = {
  notRegistered: { code: 'CFDI40144', field: 'rfc', message: 'Este RFC del receptor no existe en la lista de RFC inscritos no cancelados del SAT.' },
  nameMismatch: {
    code: 'CFDI40145',
    field: 'name',
    message: 'El campo Nombre del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
  },
  postalCodeMismatch: {
    code: 'CFDI40147',
    field: 'postal_code',
    message: 'El campo DomicilioFiscalReceptor del receptor, debe encontrarse en la lista de RFC inscritos no cancelados en el SAT.',
  },
} as const;

type RfcValidationError = (typeof RFC_VALIDATION_ERRORS)[keyof typeof RFC_VALIDATION_ERRORS];

const normalName = (value: string) => value.trim().replace(/\s+/g, ' ').toUpperCase();

function stringField(body: unknown, name: string): string {
  const value = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

export function registerRfcValidation(app: FastifyInstance, deps: SimulatorDeps): void {
  app.post('/sat/rfc-validation', async (request, reply) => {
    const rfc = stringField(request.body, 'rfc').trim().toUpperCase();
    if (!RFC_SHAPE.test(rfc)) return reply.code(400).send({ error: 'rfc must be an RFC of 12 or 13 characters.' });
    if (GENERIC_RFCS.has(rfc)) return { rfc, valid: true };
    const entry = await deps.ledger.getTaxpayer(rfc);
    const errors: RfcValidationError[] = [];
    if (!entry) errors.push(RFC_VALIDATION_ERRORS.notRegistered);
    else {
      if (normalName(stringField(request.body, 'name')) !== normalName(entry.name)) errors.push(RFC_VALIDATION_ERRORS.nameMismatch);
      if (stringField(request.body, 'postal_code').trim() !== entry.postalCode) errors.push(RFC_VALIDATION_ERRORS.postalCodeMismatch);
    }
    return errors.length === 0 ? { rfc, valid: true } : { rfc, valid: false, errors };
  });

  app.put<{ Params: { rfc: string } }>('/sat/taxpayers/:rfc', async (request, reply) => {
    const rfc = request.params.rfc.trim().toUpperCase();
    const name = normalName(stringField(request.body, 'name'));
    const postalCode = stringField(request.body, 'postal_code').trim();
    const regimen = stringField(request.body, 'tax_regime').trim() || defaultRegimen(rfc);
    if (!RFC_SHAPE.test(rfc) || name === '' || !/^[0-9]{5}$/.test(postalCode) || !/^[0-9]{3}$/.test(regimen)) {
      return reply.code(400).send({ error: 'Send an RFC in the path, and a name, a 5-digit postal_code and optionally a tax_regime in the body.' });
    }
    const existing = await deps.ledger.getTaxpayer(rfc);
    await deps.ledger.upsertTaxpayer(
      { rfc, name, regimenFiscal: regimen, postalCode, inLco: existing?.inLco ?? true, efos: existing?.efos ?? '200' },
      deps.clock.now(),
    );
    return { rfc, name, postal_code: postalCode, tax_regime: regimen };
  });
}
