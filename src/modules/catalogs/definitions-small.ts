import { codeField, DESCRIPTION, defaultEntry, simpleFields, VALIDITY, type CatalogDefinition, type Fields } from './catalog-definition.ts';
import type { FieldSpec } from './fields.ts';
import type { CatalogEntry } from './lookup.ts';
import { searchable } from './normalize.ts';

const PERSON: readonly FieldSpec[] = [
  { key: 'natural_person', type: 'flag', aliases: ['aplicafisica', 'fisica', 'aplicaparatipopersonafisica'] },
  { key: 'legal_person', type: 'flag', aliases: ['aplicamoral', 'moral', 'aplicaparatipopersonamoral'] },
];

/** A catalog of a key, a description and validity dates. */
function simple(slug: CatalogDefinition['slug'], satName: string, name: string, codePattern: RegExp, width?: number): CatalogDefinition {
  return { slug, satName, name, builtin: true, codePattern, fields: simpleFields(satName, width) };
}

// c_FormaPago: "permite" columns say Opcional where the field may be sent; "requiere" ones where
// it need not be (the phpcfdi export already writes 1 and empty accordingly).
const FORMA_PAGO_FIELDS: readonly FieldSpec[] = [
  codeField('c_FormaPago', 2),
  DESCRIPTION,
  { key: 'banked', type: 'flag', optional: false, aliases: ['esbancarizado', 'bancarizado'] },
  { key: 'requires_operation_number', type: 'flag', optional: false, aliases: ['requierenumerooperacion', 'numerodeoperacion'] },
  { key: 'allows_payer_bank_rfc', type: 'flag', optional: true, aliases: ['permitebancoordenanterfc', 'rfcdelemisordelacuentaordenante'] },
  { key: 'allows_payer_account', type: 'flag', optional: true, aliases: ['permitecuentaordenante', 'cuentaordenante'] },
  { key: 'payer_account_pattern', type: 'text', aliases: ['patroncuentaordenante', 'patronparacuentaordenante'] },
  { key: 'allows_payee_bank_rfc', type: 'flag', optional: true, aliases: ['permitebancobeneficiariorfc', 'rfcdelemisorcuentadebeneficiario'] },
  { key: 'allows_payee_account', type: 'flag', optional: true, aliases: ['permitecuentabeneficiario', 'cuentadebeneficiario', 'cuentadebenenficiario'] },
  { key: 'payee_account_pattern', type: 'text', aliases: ['patroncuentabeneficiario', 'patronparacuentabeneficiaria'] },
  { key: 'allows_payment_chain_type', type: 'flag', optional: true, aliases: ['permitetipocadenapago', 'tipocadenapago'] },
  {
    key: 'requires_foreign_payer_bank_name',
    type: 'flag',
    optional: false,
    aliases: ['requierebancoordenantenombreext', 'nombredelbancoemisordelacuentaordenanteencasodeextranjero'],
  },
  ...VALIDITY,
];

/** c_TasaOCuota rows name their tax; the CFDI carries the c_Impuesto code. */
function taxCodeOfName(name: string): string | undefined {
  const key = searchable(name);
  if (key.startsWith('isr')) return '001';
  if (key.startsWith('iva')) return '002';
  if (key.startsWith('ieps')) return '003';
  return undefined;
}

function rateKind(value: string): 'fixed' | 'range' {
  const key = searchable(value);
  if (key === 'fijo' || key === 'fixed') return 'fixed';
  if (key === 'rango' || key === 'range') return 'range';
  throw new Error(`'${value}' is neither Fijo nor Rango`);
}

/** `iva-tasa-0.160000`, or `isr-tasa-0.000000-0.350000` for a range. */
function tasaOCuotaCode(fields: Fields): string {
  const tax = searchable(String(fields.tax ?? ''))
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  const factor = String(fields.factor ?? '').toLowerCase();
  const range = rateKind(String(fields.kind ?? '')) === 'range';
  return `${tax}-${factor}-${range ? `${fields.minimum ?? '0.000000'}-` : ''}${fields.value}`;
}

function tasaOCuotaEntry(code: string, fields: Fields): CatalogEntry {
  const kind = rateKind(String(fields.kind));
  const tax = String(fields.tax);
  const taxCode = taxCodeOfName(tax);
  if (!taxCode) throw new Error(`'${tax}' is not ISR, IVA or IEPS`);
  const minimum = kind === 'range' ? String(fields.minimum ?? '0.000000') : null;
  const rate = kind === 'range' ? `${minimum} to ${fields.value}` : String(fields.value);
  return {
    code,
    description: `${tax} ${fields.factor} ${rate}`,
    valid_from: (fields.valid_from as string | null) ?? null,
    valid_to: (fields.valid_to as string | null) ?? null,
    data: {
      kind,
      tax,
      tax_code: taxCode,
      factor: fields.factor ?? null,
      minimum,
      maximum: kind === 'range' ? String(fields.value) : null,
      value: kind === 'fixed' ? String(fields.value) : null,
      transfer: fields.transfer ?? false,
      withholding: fields.withholding ?? false,
    },
  };
}

const TASA_O_CUOTA: CatalogDefinition = {
  slug: 'tasa_o_cuota',
  satName: 'c_TasaOCuota',
  name: 'Tax rates and amounts (tasa o cuota)',
  builtin: true,
  codePattern: /^[a-z0-9_]+-[a-z]+-\d+\.\d+(-\d+\.\d+)?$/,
  fields: [
    { key: 'kind', type: 'text', required: true, aliases: ['tipo', 'rangoofijo'] },
    { key: 'minimum', type: 'decimal', aliases: ['minimo', 'valorminimo'] },
    { key: 'value', type: 'decimal', required: true, aliases: ['valor', 'valormaximo', 'maximo', 'ctasaocuota'] },
    { key: 'tax', type: 'text', required: true, aliases: ['impuesto'] },
    { key: 'factor', type: 'text', required: true, aliases: ['factor'] },
    { key: 'transfer', type: 'flag', aliases: ['traslado'] },
    { key: 'withholding', type: 'flag', aliases: ['retencion'] },
    ...VALIDITY,
  ],
  codeOf: tasaOCuotaCode,
  toEntry: tasaOCuotaEntry,
};

const MOTIVO_CANCELACION: CatalogDefinition = {
  ...simple('motivo_cancelacion', 'c_MotivoCancelacion', 'Cancellation reasons (motivo de cancelación)', /^\d{2}$/, 2),
  // Motivo 01 (errors with relation) is the only one that needs the substituting CFDI's UUID.
  toEntry: (code, fields) => {
    const entry = defaultEntry(MOTIVO_CANCELACION, code, fields);
    return { ...entry, data: { requires_substitute: code === '01' } };
  },
};

export const SMALL_DEFINITIONS: readonly CatalogDefinition[] = [
  {
    slug: 'uso_cfdi',
    satName: 'c_UsoCFDI',
    name: 'CFDI uses (uso del CFDI)',
    builtin: true,
    codePattern: /^[A-Z]{1,2}\d{2}$/,
    fields: [
      codeField('c_UsoCFDI'),
      DESCRIPTION,
      ...PERSON,
      ...VALIDITY,
      { key: 'tax_regimes', type: 'list', width: 3, aliases: ['regimenesfiscalesreceptores', 'regimenfiscalreceptor', 'regimenesfiscales'] },
    ],
  },
  {
    slug: 'regimen_fiscal',
    satName: 'c_RegimenFiscal',
    name: 'Tax regimes (régimen fiscal)',
    builtin: true,
    codePattern: /^\d{3}$/,
    fields: [codeField('c_RegimenFiscal', 3), DESCRIPTION, ...PERSON, ...VALIDITY],
  },
  { slug: 'forma_pago', satName: 'c_FormaPago', name: 'Payment forms (forma de pago)', builtin: true, codePattern: /^\d{2}$/, fields: FORMA_PAGO_FIELDS },
  simple('metodo_pago', 'c_MetodoPago', 'Payment methods (método de pago)', /^[A-Z]{3}$/),
  {
    slug: 'moneda',
    satName: 'c_Moneda',
    name: 'Currencies (moneda)',
    builtin: true,
    codePattern: /^[A-Z]{3}$/,
    fields: [
      codeField('c_Moneda'),
      DESCRIPTION,
      { key: 'decimals', type: 'integer', required: true, aliases: ['decimales'] },
      { key: 'variation_percent', type: 'decimal', aliases: ['porcentajevariacion', 'porcentajedevariacion', 'variacion'] },
      ...VALIDITY,
    ],
  },
  {
    slug: 'impuesto',
    satName: 'c_Impuesto',
    name: 'Taxes (impuesto)',
    builtin: true,
    codePattern: /^\d{3}$/,
    fields: [
      codeField('c_Impuesto', 3),
      DESCRIPTION,
      { key: 'withholding', type: 'flag', aliases: ['retencion'] },
      { key: 'transfer', type: 'flag', aliases: ['traslado'] },
      { key: 'scope', type: 'text', aliases: ['ambito', 'localofederal'] },
      ...VALIDITY,
    ],
  },
  {
    slug: 'tipo_factor',
    satName: 'c_TipoFactor',
    name: 'Tax factor types (tipo factor)',
    builtin: true,
    codePattern: /^[A-Z][a-z]+$/,
    fields: [codeField('c_TipoFactor'), { ...DESCRIPTION, required: false }, ...VALIDITY],
  },
  TASA_O_CUOTA,
  simple('objeto_imp', 'c_ObjetoImp', 'Tax object (objeto de impuesto)', /^\d{2}$/, 2),
  simple('exportacion', 'c_Exportacion', 'Export (exportación)', /^\d{2}$/, 2),
  {
    slug: 'tipo_comprobante',
    satName: 'c_TipoDeComprobante',
    name: 'Voucher types (tipo de comprobante)',
    builtin: true,
    codePattern: /^[A-Z]$/,
    fields: [codeField('c_TipoDeComprobante'), DESCRIPTION, { key: 'max_value', type: 'decimal', aliases: ['valormaximo'] }, ...VALIDITY],
  },
  simple('tipo_relacion', 'c_TipoRelacion', 'Relation types (tipo de relación)', /^\d{2}$/, 2),
  simple('periodicidad', 'c_Periodicidad', 'Periodicity of global invoices (periodicidad)', /^\d{2}$/, 2),
  simple('meses', 'c_Meses', 'Months of global invoices (meses)', /^\d{2}$/, 2),
  {
    slug: 'pais',
    satName: 'c_Pais',
    name: 'Countries (país)',
    builtin: true,
    codePattern: /^[A-Z]{3}$/,
    fields: [
      codeField('c_Pais'),
      DESCRIPTION,
      { key: 'postal_code_pattern', type: 'text', aliases: ['patroncodigopostal', 'formatodecodigopostal'] },
      { key: 'tax_id_pattern', type: 'text', aliases: ['patronidentidadtributaria', 'formatoderegistrodeidentidadtributaria'] },
      { key: 'tax_id_validation', type: 'text', aliases: ['validacionidentidadtributaria', 'validaciondelregistrodeidentidadtributaria'] },
      { key: 'groupings', type: 'list', aliases: ['agrupaciones'] },
      ...VALIDITY,
    ],
  },
  MOTIVO_CANCELACION,
];
