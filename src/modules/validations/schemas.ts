import { Type } from 'typebox';
import { DateBound } from '../../platform/http/date-bounds.ts';
import { listQuery } from '../../platform/http/pagination.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

const ValidationIssue = Type.Object(
  {
    code: Type.String({ description: 'Stable code (see /docs/errors and the Validations guide), e.g. `cfdi.total_mismatch`.' }),
    path: Type.String({ description: 'Where, as an XPath-like location, e.g. `/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/@Importe`.' }),
    message: Type.String({ description: 'What is wrong, with the declared and the computed values where there are two.' }),
    remediation: Type.String({ description: 'What to do about it.' }),
  },
  { additionalProperties: false },
);

const ValidationCheck = Type.Object(
  {
    id: Type.Union(
      [
        Type.Literal('document'),
        Type.Literal('structure'),
        Type.Literal('arithmetic'),
        Type.Literal('catalogs'),
        Type.Literal('seal'),
        Type.Literal('timbre'),
        Type.Literal('sat_status'),
      ],
      {
        description:
          'The check, in the order they run: `document` (safe XML, a CFDI 4.0), `structure` (the XSDs, nodes, attributes, formats, dates), `arithmetic` (amounts and taxes), `catalogs` (keys in the SAT catalogs), `seal` (the Sello and the issuer certificate), `timbre` (the TimbreFiscalDigital and SelloSAT), `sat_status` (the live status).',
      },
    ),
    status: Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('not_run'), Type.Literal('not_applicable')], {
      description:
        '`passed`; `failed` (the document is wrong: see `errors`); `not_run`: it could not run here (not verifiable here: the SAT could not be asked, or only the simulator was, which knows only what it stamped; or an earlier check failed), which is not a failure of the document but still leaves `valid` false; `not_applicable` (an unstamped CFDI has no timbre or status to check).',
    }),
    message: Type.String({ description: 'What passed; the first error (and how many more); or why it could not run, naming who was asked.' }),
    remediation: Type.Union([Type.String(), Type.Null()], {
      description:
        'What to do: fix the first error, or what would let the check run (for example a live key on a server that reaches the SAT). Null when it passed or does not apply.',
    }),
    codes: Type.Array(Type.String(), { description: "The codes of this check's errors and warnings, each once." }),
  },
  { additionalProperties: false },
);

const SatStatusSummary = Type.Object(
  {
    estado: Type.String({
      description:
        '`Vigente`, `Cancelado`, `No Encontrado`, or `indeterminate` when the status service (the SAT, or in test mode the simulator) could not be asked.',
    }),
    es_cancelable: Nullable(Type.String({ description: "The SAT's EsCancelable, e.g. `Cancelable con aceptación`; null when the SAT did not say." })),
    cancel_status: Nullable(Type.String({ description: "The SAT's EstatusCancelacion; null unless a cancellation is under way." })),
  },
  { additionalProperties: false },
);

const ValidationSummary = Type.Object(
  {
    uuid: Nullable(Type.String({ description: 'Folio fiscal from the TimbreFiscalDigital, upper case.' })),
    version: Nullable(Type.String()),
    tipo_de_comprobante: Nullable(Type.String({ description: '`I`, `E`, `T`, `N` or `P`.' })),
    emisor: Nullable(Type.String({ description: 'Issuer RFC.' })),
    receptor: Nullable(Type.String({ description: 'Receiver RFC.' })),
    moneda: Nullable(Type.String()),
    sub_total: Nullable(Type.String()),
    total: Nullable(Type.String()),
    stamped: Type.Boolean({ description: 'Whether the CFDI carries a TimbreFiscalDigital.' }),
    sat: Type.Union([SatStatusSummary, Type.Null()], {
      description:
        'The live status as the SAT (in test mode, the simulator) answered it; null when the CFDI is not stamped, could not be read far enough to ask, its values cannot be looked up (`cfdi.invalid_expression`), or its status cannot be known here (`cfdi.status_not_verifiable_here`: the simulator knows only the CFDIs it stamped).',
    }),
  },
  { additionalProperties: false },
);

export const Validation = Type.Object(
  {
    object: Type.Literal('validation'),
    id: Type.String({ description: '`val_…`' }),
    valid: Type.Boolean({ description: 'True only when every check passed or does not apply (warnings do not count).' }),
    errors: Type.Array(ValidationIssue, {
      description: 'Every failed check, and every check that could not run here (its code says so, e.g. `cfdi.status_not_verifiable_here`); empty when valid.',
    }),
    warnings: Type.Array(ValidationIssue, { description: 'What was only partly checked (for example a catalog not imported) and why; never a failure.' }),
    checks: Type.Array(ValidationCheck, {
      description:
        'Each check with its outcome and why: the verdict a person reads. Nothing `failed` but something `not_run` means not verifiable here, with what would make it verifiable.',
    }),
    summary: ValidationSummary,
    livemode: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
  },
  {
    additionalProperties: false,
    description: 'The result of checking one CFDI, check by check.',
    examples: [
      {
        object: 'validation',
        id: 'val_01m88f2k7c3x9d0q4r6t8v1w2y',
        valid: false,
        errors: [
          {
            code: 'cfdi.total_mismatch',
            path: '/cfdi:Comprobante/@Total',
            message: 'Total 1170.00 differs from SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos = 1160.00.',
            remediation: 'Total must equal SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos (plus local taxes).',
          },
        ],
        warnings: [],
        checks: [
          { id: 'document', status: 'passed', message: 'Safe, well-formed XML and a CFDI 4.0 Comprobante.', remediation: null, codes: [] },
          {
            id: 'structure',
            status: 'passed',
            message: "The structure follows the SAT's XSDs and Anexo 20's rules on nodes, attributes, formats and dates.",
            remediation: null,
            codes: [],
          },
          {
            id: 'arithmetic',
            status: 'failed',
            message: 'Total 1170.00 differs from SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos = 1160.00.',
            remediation: 'Total must equal SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos (plus local taxes).',
            codes: ['cfdi.total_mismatch'],
          },
          { id: 'catalogs', status: 'passed', message: 'Every catalog key checked exists and is in force at Fecha.', remediation: null, codes: [] },
          {
            id: 'seal',
            status: 'passed',
            message: "Sello verifies over the cadena original with the issuer's CSD, valid at Fecha.",
            remediation: null,
            codes: [],
          },
          {
            id: 'timbre',
            status: 'passed',
            message: "SelloCFD is the Comprobante's Sello and SelloSAT verifies with the SAT/PAC certificate.",
            remediation: null,
            codes: [],
          },
          { id: 'sat_status', status: 'passed', message: 'The CFDI is in force (Vigente).', remediation: null, codes: [] },
        ],
        summary: {
          uuid: 'C2832671-DA6D-11EF-A83D-00155D012007',
          version: '4.0',
          tipo_de_comprobante: 'I',
          emisor: 'EKU9003173C9',
          receptor: 'URE180429TM6',
          moneda: 'MXN',
          sub_total: '1000.00',
          total: '1170.00',
          stamped: true,
          sat: { estado: 'Vigente', es_cancelable: 'Cancelable sin aceptación', cancel_status: null },
        },
        livemode: false,
        created_at: '2026-11-25T04:15:55.056Z',
      },
    ],
  },
);

export const CreateValidationJson = Type.Object(
  {
    xml_base64: Type.String({ minLength: 1, description: 'The CFDI XML, base64-encoded.' }),
  },
  { additionalProperties: false, examples: [{ xml_base64: 'PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPGNmZGk6Q29tcHJvYmFudGUg4oCmCg==' }] },
);

export const CreateValidationXml = Type.Any({ description: 'The CFDI XML itself (UTF-8).' });

export const ListValidationsQuery = listQuery({
  valid: Type.Optional(Type.Boolean({ description: 'Only valid (`true`) or invalid (`false`) results.' })),
  uuid: Type.Optional(
    Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', description: 'Folio fiscal (any case).' }),
  ),
  emisor: Type.Optional(Type.String({ minLength: 12, maxLength: 13, description: 'Issuer RFC.' })),
  receptor: Type.Optional(Type.String({ minLength: 12, maxLength: 13, description: 'Receiver RFC.' })),
  'created[gte]': Type.Optional(DateBound),
  'created[lte]': Type.Optional(DateBound),
});
