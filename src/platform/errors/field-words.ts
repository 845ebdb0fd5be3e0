/**
 * The words a person reads about a request's fields, in English and Spanish: each field's name as
 * a person would say it (`customer.postal_code` → "Customer's postal code" / "Código postal del
 * cliente"), the formats a pattern stands for, and what a field error's `code` means. Field errors
 * keep their `path` and `code`; these words only make up their `message`.
 */
import type { Bilingual } from './api-error.ts';
import type { Language } from './language.ts';

/** Fields by their path with the list indices left out (`items.0.unit_price` → `items.unit_price`). */
const LABELS: Readonly<Record<string, Bilingual>> = {
  // Dashboard: sign-up, sign-in, password, keys.
  email: { en: 'E-mail', es: 'Correo electrónico' },
  password: { en: 'Password', es: 'Contraseña' },
  current_password: { en: 'Current password', es: 'Contraseña actual' },
  new_password: { en: 'New password', es: 'Contraseña nueva' },
  organization_name: { en: 'Organization name', es: 'Nombre de la organización' },
  name: { en: 'Name', es: 'Nombre' },
  mode: { en: 'Mode', es: 'Modo' },
  // Invoices.
  fiscal_profile_id: { en: 'Fiscal profile', es: 'Perfil fiscal' },
  type: { en: 'Type', es: 'Tipo' },
  customer: { en: 'Customer', es: 'Cliente' },
  'customer.rfc': { en: "Customer's RFC", es: 'RFC del cliente' },
  'customer.name': { en: "Customer's name", es: 'Nombre o razón social del cliente' },
  'customer.tax_regime': { en: "Customer's tax regime", es: 'Régimen fiscal del cliente' },
  'customer.postal_code': { en: "Customer's postal code", es: 'Código postal del cliente' },
  'customer.cfdi_use': { en: "Customer's CFDI use", es: 'Uso del CFDI del cliente' },
  'customer.use': { en: "Customer's CFDI use", es: 'Uso del CFDI del cliente' },
  'customer.country': { en: "Customer's country of tax residence", es: 'País de residencia fiscal del cliente' },
  'customer.tax_id': { en: "Customer's foreign tax id", es: 'Número de registro de identidad fiscal del cliente' },
  use: { en: 'CFDI use', es: 'Uso del CFDI' },
  items: { en: 'Items', es: 'Conceptos' },
  'items.product_key': { en: 'Product or service key', es: 'Clave de producto o servicio' },
  'items.unit_key': { en: 'Unit key', es: 'Clave de unidad' },
  'items.unit': { en: 'Unit', es: 'Unidad' },
  'items.sku': { en: 'Product code', es: 'No. de identificación' },
  'items.description': { en: 'Description', es: 'Descripción' },
  'items.quantity': { en: 'Quantity', es: 'Cantidad' },
  'items.unit_price': { en: 'Unit price', es: 'Valor unitario' },
  'items.discount': { en: 'Discount', es: 'Descuento' },
  'items.tax_object': { en: 'Tax object', es: 'Objeto de impuesto' },
  'items.taxes': { en: 'Taxes', es: 'Impuestos' },
  'items.taxes.type': { en: 'Tax', es: 'Impuesto' },
  'items.taxes.factor': { en: 'Factor type', es: 'Tipo factor' },
  'items.taxes.rate': { en: 'Rate or amount', es: 'Tasa o cuota' },
  'items.taxes.base': { en: 'Tax base', es: 'Base del impuesto' },
  'items.taxes.withholding': { en: 'Withheld', es: 'Retención' },
  payment_form: { en: 'Payment form', es: 'Forma de pago' },
  payment_method: { en: 'Payment method', es: 'Método de pago' },
  currency: { en: 'Currency', es: 'Moneda' },
  exchange_rate: { en: 'Exchange rate', es: 'Tipo de cambio' },
  serie: { en: 'Series', es: 'Serie' },
  folio: { en: 'Folio', es: 'Folio' },
  conditions: { en: 'Payment conditions', es: 'Condiciones de pago' },
  export: { en: 'Export', es: 'Exportación' },
  metadata: { en: 'Metadata', es: 'Metadatos' },
  related: { en: 'Related CFDIs', es: 'CFDI relacionados' },
  'related.relationship': { en: 'Relationship type', es: 'Tipo de relación' },
  'related.uuids': { en: 'Related fiscal folios', es: 'Folios fiscales relacionados' },
  global: { en: 'Global invoice', es: 'Información global' },
  'global.periodicity': { en: 'Periodicity', es: 'Periodicidad' },
  'global.months': { en: 'Months', es: 'Meses' },
  'global.year': { en: 'Year', es: 'Año' },
  payments: { en: 'Payments', es: 'Pagos' },
  'payments.date': { en: 'Payment date', es: 'Fecha de pago' },
  'payments.payment_form': { en: 'Payment form', es: 'Forma de pago' },
  'payments.currency': { en: "Payment's currency", es: 'Moneda del pago' },
  'payments.exchange_rate': { en: "Payment's exchange rate", es: 'Tipo de cambio del pago' },
  'payments.amount': { en: 'Amount received', es: 'Monto del pago' },
  'payments.documents': { en: 'Paid documents', es: 'Documentos relacionados' },
  'payments.documents.uuid': { en: "Paid document's fiscal folio", es: 'Folio fiscal del documento pagado' },
  'payments.documents.installment': { en: 'Installment', es: 'Número de parcialidad' },
  'payments.documents.previous_balance': { en: 'Previous balance', es: 'Saldo anterior' },
  'payments.documents.amount_paid': { en: 'Amount paid', es: 'Importe pagado' },
  'payments.documents.currency': { en: "Document's currency", es: 'Moneda del documento' },
  'payments.documents.equivalence': { en: 'Equivalence', es: 'Equivalencia' },
  reason: { en: 'Cancellation reason', es: 'Motivo de cancelación' },
  substitute_invoice_id: { en: 'Substitute invoice', es: 'Factura que sustituye' },
  // Fiscal profiles.
  rfc: { en: 'RFC', es: 'RFC' },
  legal_name: { en: 'Legal name', es: 'Nombre o razón social' },
  tax_regime: { en: 'Tax regime', es: 'Régimen fiscal' },
  zip: { en: 'Postal code of the place of issue', es: 'Código postal del lugar de expedición' },
  brand_color: { en: 'Brand colour', es: 'Color de la marca' },
  logo: { en: 'Logo', es: 'Logotipo' },
  csd_cer: { en: 'CSD certificate (.cer)', es: 'Certificado del CSD (.cer)' },
  csd_key: { en: 'CSD private key (.key)', es: 'Llave privada del CSD (.key)' },
  csd_password: { en: 'CSD password', es: 'Contraseña del CSD' },
  fiel_cer: { en: 'e.firma certificate (.cer)', es: 'Certificado de la e.firma (.cer)' },
  fiel_key: { en: 'e.firma private key (.key)', es: 'Llave privada de la e.firma (.key)' },
  fiel_password: { en: 'e.firma password', es: 'Contraseña de la e.firma' },
  fiel: { en: 'e.firma', es: 'e.firma' },
  // Validations, downloads, sync, webhooks.
  xml: { en: 'XML', es: 'XML' },
  xml_base64: { en: 'XML (base64)', es: 'XML (base64)' },
  uuid: { en: 'Fiscal folio (UUID)', es: 'Folio fiscal (UUID)' },
  date_from: { en: 'Start date', es: 'Fecha inicial' },
  date_to: { en: 'End date', es: 'Fecha final' },
  side: { en: 'Issued or received', es: 'Emitidos o recibidos' },
  document_status: { en: 'Document status', es: 'Estatus del comprobante' },
  counterparty_rfc: { en: "Counterparty's RFC", es: 'RFC de la contraparte' },
  voucher_type: { en: 'Voucher type', es: 'Tipo de comprobante' },
  sync_from: { en: 'Synchronise from', es: 'Sincronizar desde' },
  phone: { en: 'Phone', es: 'Teléfono' },
  lag_days: { en: 'Days of delay', es: 'Días de espera' },
  enabled: { en: 'Enabled', es: 'Activo' },
  url: { en: 'URL', es: 'URL' },
  enabled_events: { en: 'Events', es: 'Eventos' },
  description: { en: 'Description', es: 'Descripción' },
  limit: { en: 'Page size', es: 'Tamaño de página' },
  starting_after: { en: 'Start after', es: 'Empezar después de' },
  ending_before: { en: 'End before', es: 'Terminar antes de' },
  // Customers, products, e-mail, exports, reports, teams.
  recipients: { en: 'Recipients', es: 'Destinatarios' },
  language: { en: 'Language', es: 'Idioma' },
  'customer.email': { en: "Customer's e-mail", es: 'Correo del cliente' },
  'email.send_on_stamp': { en: 'E-mail when stamped', es: 'Enviar al timbrar' },
  'email.send_on_cancel': { en: 'E-mail when cancelled', es: 'Enviar al cancelar' },
  'email.recipients': { en: 'Automatic e-mail recipients', es: 'Destinatarios del correo automático' },
  'email.language': { en: 'Automatic e-mail language', es: 'Idioma del correo automático' },
  email_settings: { en: 'Automatic e-mails', es: 'Correos automáticos' },
  'email_settings.send_on_stamp': { en: 'E-mail when stamped', es: 'Enviar al timbrar' },
  'email_settings.send_on_cancel': { en: 'E-mail when cancelled', es: 'Enviar al cancelar' },
  'email_settings.language': { en: 'Automatic e-mail language', es: 'Idioma del correo automático' },
  customer_id: { en: 'Customer', es: 'Cliente' },
  'items.product_id': { en: 'Product', es: 'Producto' },
  postal_code: { en: 'Postal code', es: 'Código postal' },
  cfdi_use: { en: 'CFDI use', es: 'Uso del CFDI' },
  emails: { en: 'E-mails', es: 'Correos electrónicos' },
  product_key: { en: 'SAT product key', es: 'Clave de producto o servicio' },
  unit_key: { en: 'SAT unit key', es: 'Clave de unidad' },
  unit_name: { en: 'Unit name', es: 'Unidad' },
  price: { en: 'Price', es: 'Precio' },
  sku: { en: 'SKU', es: 'SKU' },
  tax_object: { en: 'Tax object', es: 'Objeto de impuesto' },
  source: { en: 'Source', es: 'Origen' },
  format: { en: 'Format', es: 'Formato' },
  year: { en: 'Year', es: 'Año' },
  month: { en: 'Month', es: 'Mes' },
  figure: { en: 'Figure', es: 'Cifra' },
  role: { en: 'Role', es: 'Rol' },
  token: { en: 'Link', es: 'Enlace' },
};

/** What one index of a list is called: `items.1` is the second item. */
const ENTRIES: Readonly<Record<string, Bilingual>> = {
  items: { en: 'item', es: 'concepto' },
  taxes: { en: 'tax', es: 'impuesto' },
  payments: { en: 'payment', es: 'pago' },
  documents: { en: 'document', es: 'documento' },
  related: { en: 'relation', es: 'relación' },
  uuids: { en: 'folio', es: 'folio' },
  enabled_events: { en: 'event', es: 'evento' },
  recipients: { en: 'recipient', es: 'destinatario' },
  emails: { en: 'e-mail', es: 'correo' },
};

/** A field as a person names it, in `language`; a field not in the list is named by its path. */
export function fieldLabel(path: string, language: Language): string {
  const segments = path.split('.').filter((segment) => segment !== '');
  const names: string[] = [];
  const positions: string[] = [];
  let previous: string | undefined;
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) {
      const entry = previous === undefined ? undefined : ENTRIES[previous];
      if (entry) positions.push(`${entry[language]} ${Number(segment) + 1}`);
    } else {
      names.push(segment);
      previous = segment;
    }
  }
  const label = LABELS[names.join('.')]?.[language];
  if (label === undefined) return `«${path}»`;
  return positions.length > 0 ? `${label} (${positions.join(', ')})` : label;
}

/**
 * The formats the request schemas' patterns stand for: a message names the format, never the
 * regular expression. A pattern not listed is "not in the expected format".
 */
const PATTERNS: Readonly<Record<string, Bilingual>> = {
  '^[0-9]{3}$': { en: 'a 3-digit SAT code, for example 601', es: 'una clave del SAT de 3 dígitos, por ejemplo 601' },
  '^[0-9]{5}$': { en: 'a 5-digit postal code', es: 'un código postal de 5 dígitos' },
  '^#[0-9A-Fa-f]{6}$': { en: 'a colour written #RRGGBB, for example #1A73E8', es: 'un color escrito #RRGGBB, por ejemplo #1A73E8' },
  '^[A-Za-z0-9+/\\r\\n]+={0,2}[\\r\\n]*$': { en: 'a file encoded in base64', es: 'un archivo codificado en base64' },
  '^[A-Za-zÑñ&]{3,4}\\d{6}[A-Za-z0-9]{3}$': {
    en: 'an RFC of 12 characters (persona moral) or 13 (persona física), for example EKU9003173C9',
    es: 'un RFC de 12 caracteres (persona moral) o 13 (persona física), por ejemplo EKU9003173C9',
  },
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$': {
    en: 'a fiscal folio (UUID) of 36 characters, for example 5FB2822E-396D-4725-8521-CDC4BDD20CCF',
    es: 'un folio fiscal (UUID) de 36 caracteres, por ejemplo 5FB2822E-396D-4725-8521-CDC4BDD20CCF',
  },
  '^\\d{4}-\\d{2}-\\d{2}$': { en: 'a date written YYYY-MM-DD', es: 'una fecha escrita AAAA-MM-DD' },
  '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(Z|[+-]\\d{2}:\\d{2})?)?$': {
    en: 'a date written YYYY-MM-DD, or a date and time YYYY-MM-DDTHH:mm:ss',
    es: 'una fecha escrita AAAA-MM-DD, o fecha y hora AAAA-MM-DDTHH:mm:ss',
  },
  '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?)?$': {
    en: 'a date written YYYY-MM-DD, or a date and time YYYY-MM-DDTHH:mm:ss',
    es: 'una fecha escrita AAAA-MM-DD, o fecha y hora AAAA-MM-DDTHH:mm:ss',
  },
  '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])(T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,6})?)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)?)?$': {
    en: 'a date written YYYY-MM-DD, or a date and time YYYY-MM-DDTHH:mm:ss',
    es: 'una fecha escrita AAAA-MM-DD, o fecha y hora AAAA-MM-DDTHH:mm:ss',
  },
  '^\\+[1-9][0-9 ]{6,18}$': {
    en: 'a phone number with its country code, for example +52 55 1234 5678',
    es: 'un teléfono con clave de país, por ejemplo +52 55 1234 5678',
  },
  '\\S': { en: 'something other than blank spaces', es: 'algo más que espacios en blanco' },
};

const FORMATS: Readonly<Record<string, Bilingual>> = {
  email: { en: 'an e-mail address, for example ana@example.com', es: 'un correo electrónico, por ejemplo ana@ejemplo.com' },
  date: { en: 'a date written YYYY-MM-DD', es: 'una fecha escrita AAAA-MM-DD' },
  'date-time': { en: 'a date and time, for example 2026-07-15T10:30:00Z', es: 'una fecha y hora, por ejemplo 2026-07-15T10:30:00Z' },
  uri: { en: 'a complete URL, for example https://example.com/webhooks', es: 'una URL completa, por ejemplo https://example.com/webhooks' },
  uuid: { en: 'a UUID', es: 'un UUID' },
};

const NOT_THE_FORMAT: Bilingual = { en: 'is not in the expected format', es: 'no tiene el formato esperado' };

/** What a field must look like, for a `pattern` or `format` keyword: words, never the expression. */
export function formatWords(keyword: 'pattern' | 'format', value: string, language: Language): string {
  const named = (keyword === 'pattern' ? PATTERNS : FORMATS)[value];
  if (!named) return NOT_THE_FORMAT[language];
  return language === 'es' ? `debe ser ${named.es}` : `must be ${named.en}`;
}

/**
 * What a field error's `code` means when its own message has no Spanish: the schema's codes and
 * the CFDI checks a person meets creating an invoice; any other code reads "revise este dato".
 */
const CODE_WORDS_ES: Readonly<Record<string, string>> = {
  required: 'falta este dato',
  unknown_field: 'este campo no se reconoce',
  invalid_type: 'el tipo de dato no es el correcto',
  invalid_format: 'no tiene el formato esperado',
  invalid_value: 'no es uno de los valores permitidos',
  too_short: 'es demasiado corto',
  too_long: 'es demasiado largo',
  too_few_items: 'tiene muy pocos elementos',
  too_many_items: 'tiene demasiados elementos',
  out_of_range: 'está fuera del rango permitido',
  weak_password: 'la contraseña es demasiado fácil de adivinar',
  too_large: 'es demasiado grande',
  invalid_character: 'contiene un carácter que no se puede guardar',
  too_deep: 'tiene demasiados niveles anidados',
  conflict: 'no se puede combinar con otro dato enviado',
  invalid_cursor: 'no es un id de esta lista',
  'cfdi.missing_attribute': 'falta este dato',
  'cfdi.attribute_not_allowed': 'este dato no corresponde en este caso; quítelo',
  'cfdi.invalid_value': 'no es un valor permitido por el Anexo 20 o sus catálogos',
  'cfdi.invalid_text': 'debe tener texto, sin el carácter «|» y sin pasar del largo permitido',
  'cfdi.invalid_rfc': 'no es un RFC válido: escríbalo en mayúsculas, con 12 caracteres (persona moral) o 13 (persona física), sin espacios ni guiones',
  'cfdi.invalid_postal_code': 'debe ser un código postal de 5 dígitos del catálogo c_CodigoPostal',
  'cfdi.invalid_uuid': 'debe ser un folio fiscal (UUID) de 36 caracteres',
  'cfdi.invalid_amount': 'debe ser un importe positivo con a lo más 6 decimales, por ejemplo 1160.00',
  'cfdi.amount_decimals': 'tiene más decimales de los que admite la moneda',
  'cfdi.invalid_tax_rate': 'no es una tasa o cuota del catálogo c_TasaOCuota para ese impuesto',
  'cfdi.missing_tax_rate': 'falta la tasa o cuota, con seis decimales (por ejemplo 0.160000)',
  'cfdi.missing_uso': 'falta el uso del CFDI del cliente (por ejemplo G03 o S01)',
  'cfdi.uso_cfdi_not_allowed': 'este uso del CFDI no corresponde al régimen fiscal o al tipo de persona del cliente',
  'cfdi.regimen_fiscal_not_allowed': 'este régimen fiscal no corresponde al tipo de persona del RFC',
  'cfdi.unknown_catalog_code': 'la clave no existe en el catálogo del SAT',
  'cfdi.catalog_code_not_in_force': 'la clave no está vigente en el catálogo del SAT',
  'cfdi.invalid_objeto_imp': 'use una clave de objeto de impuesto del catálogo c_ObjetoImp (01 a 08)',
  'cfdi.invalid_impuesto': 'use IVA o IEPS para traslados, e ISR, IVA o IEPS para retenciones',
  'cfdi.invalid_tipo_factor': 'use Tasa, Cuota o Exento',
  'cfdi.exento_with_rate': 'un impuesto exento no lleva tasa ni importe',
  'cfdi.tax_base_not_positive': 'la base del impuesto debe ser mayor que 0',
  'cfdi.cantidad_not_positive': 'la cantidad debe ser mayor que 0',
  'cfdi.valor_unitario_not_positive': 'el valor unitario debe ser mayor que 0',
  'cfdi.descuento_exceeds_importe': 'el descuento no puede ser mayor que el importe del concepto',
  'cfdi.tipo_cambio_invalid': 'el tipo de cambio no es válido para esta moneda',
  'cfdi.no_conceptos': 'la factura debe tener al menos un concepto',
  'cfdi.objeto_imp_taxes_not_allowed': 'un concepto que no es objeto de impuesto no lleva impuestos',
  'cfdi.taxes_not_allowed_for_tipo': 'este tipo de comprobante no lleva impuestos',
  'cfdi.unknown_currency': 'no es una moneda del catálogo c_Moneda',
  'cfdi.objeto_imp_02_without_taxes': 'el concepto es objeto de impuesto (02) pero no tiene impuestos',
  'cfdi.retencion_exento': 'una retención no puede ser exenta',
};

/** The Spanish of a field error that has none of its own: the field, and what its code means. */
export function fieldMessageEs(path: string, code: string): string {
  return `${fieldLabel(path, 'es')}: ${CODE_WORDS_ES[code] ?? 'revise este dato'}.`;
}
