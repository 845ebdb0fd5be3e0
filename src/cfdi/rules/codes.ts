/**
 * Every code the CFDI validator can report, with the remediation shown to the caller. Codes
 * from the specification's error catalog are used where they fit; the others are stable
 * `cfdi.*` codes of this engine (listed in the final report / docs error catalog).
 */
export const REMEDIATIONS = {
  // Input that is not a CFDI 4.0 document (from the parser).
  'cfdi.parse_error': 'Send a well-formed UTF-8 XML document.',
  'cfdi.malformed_xml': "Fix the document so that it follows the SAT schema (cfdv40.xsd, or the complemento's XSD) at the given path.",
  'cfdi.too_many_issues': 'Fix the issues listed first and check the document again: the rest are usually the same mistake repeated.',
  'cfdi.complement_schema_unavailable':
    "Nothing to fix in the document: this complemento's structure was not checked against an XSD (its cadena original and the seals still were).",
  'cfdi.not_comprobante': 'Send a CFDI 4.0 cfdi:Comprobante (namespace http://www.sat.gob.mx/cfd/4, Version="4.0").',
  'cfdi.xml_too_large': 'Send a smaller document; a CFDI is rarely larger than a few hundred kilobytes.',
  'cfdi.xml_too_deep': 'Remove the deeply nested elements; the CFDI schema never nests that deep.',
  'cfdi.xml_too_complex': 'Remove the excess elements or attributes; no CFDI comes near these limits.',
  'cfdi.doctype_forbidden': 'Remove the <!DOCTYPE> declaration; CFDI documents never use one.',
  'cfdi.invalid_encoding': 'Encode the document as UTF-8.',
  'cfdi.invalid_xml_char': 'Remove the control character (U+0000 to U+001F other than tab, line feed and carriage return): XML 1.0 cannot carry it.',
  // Structure and patterns.
  'cfdi.missing_attribute': 'Add the attribute or node; Anexo 20 requires it in this situation.',
  'cfdi.attribute_not_allowed': 'Remove the attribute or node; Anexo 20 forbids it in this situation.',
  'cfdi.invalid_value': 'Use one of the values Anexo 20 and its catalogs allow here.',
  'cfdi.invalid_text': 'Use 1 to the maximum number of characters allowed, without the "|" character.',
  'cfdi.invalid_rfc': 'Write the RFC in upper case, 12 (persona moral) or 13 (persona física) characters, without spaces or dashes.',
  'cfdi.invalid_fecha': 'Write the date as YYYY-MM-DDTHH:mm:ss in local time, without a time zone suffix.',
  'cfdi.invalid_postal_code': 'Write a 5-digit postal code from c_CodigoPostal.',
  'cfdi.invalid_uuid': 'Write the folio fiscal as a UUID: 8-4-4-4-12 hexadecimal digits.',
  'cfdi.invalid_amount': 'Write amounts as non-negative decimal strings with at most 18 integer digits and 6 decimals, e.g. "1160.00".',
  'cfdi.amount_decimals': 'Round the amount half-up to the number of decimals of the currency in c_Moneda.',
  'cfdi.invalid_tax_rate': 'Write TasaOCuota with six decimals as listed in c_TasaOCuota for that tax and factor, e.g. "0.160000".',
  'cfdi.invalid_no_certificado': 'NoCertificado is the 20-digit serial number of the CSD used to seal.',
  'cfdi.invalid_objeto_imp': 'Use an ObjetoImp key from c_ObjetoImp (01 to 08).',
  'cfdi.invalid_impuesto': 'Use 002 (IVA) or 003 (IEPS) for traslados and 001 (ISR), 002 or 003 for retenciones.',
  'cfdi.invalid_tipo_factor': 'Use Tasa, Cuota or Exento.',
  'cfdi.missing_tax_rate': 'Add the TasaOCuota of the tax (Tasa and Cuota require it), e.g. "0.160000".',
  'cfdi.exento_with_rate': 'Remove TasaOCuota and Importe from the Exento tax; an exempt tax carries only its Base.',
  'cfdi.retencion_exento': 'Withholdings must use TipoFactor Tasa or Cuota.',
  'cfdi.tax_base_not_positive': 'A tax Base must be greater than 0; items without a taxable base use ObjetoImp 01.',
  'cfdi.objeto_imp_02_without_taxes': 'Add the item taxes (Impuestos node) or change ObjetoImp to 01 when the item is not subject to tax.',
  'cfdi.objeto_imp_taxes_not_allowed': 'Remove the item taxes or use ObjetoImp 02.',
  'cfdi.objeto_imp_dr_02_without_taxes': 'Add ImpuestosDR to the related document or use ObjetoImpDR 01.',
  'cfdi.objeto_imp_dr_taxes_not_allowed': 'Remove ImpuestosDR or use ObjetoImpDR 02.',
  'cfdi.taxes_not_allowed_for_tipo': 'Remove the taxes: a type T or P CFDI carries no Impuestos.',
  'cfdi.cantidad_not_positive': 'Cantidad must be greater than 0.',
  'cfdi.valor_unitario_not_positive': 'ValorUnitario must be greater than 0 for Ingreso, Egreso and Nómina.',
  'cfdi.descuento_exceeds_importe': 'The item Descuento cannot exceed its Importe.',
  'cfdi.descuento_exceeds_subtotal': 'Descuento cannot exceed SubTotal.',
  'cfdi.forma_pago_must_be_99': 'With MetodoPago PPD, FormaPago must be 99 (Por definir); the actual payment goes in a Pagos CFDI.',
  'cfdi.tipo_cambio_invalid': 'Omit TipoCambio (or write 1) for MXN, omit it for XXX, and give the MXN exchange rate for any other currency.',
  'cfdi.pagos_missing': 'A type P CFDI must carry the Pagos 2.0 complement.',
  'cfdi.pagos_not_allowed': 'Only a type P CFDI may carry the Pagos 2.0 complement.',
  // Arithmetic.
  'cfdi.importe_out_of_limits': 'Write the item Importe as Cantidad × ValorUnitario rounded to the currency decimals.',
  'cfdi.tax_importe_out_of_limits': 'Write the tax Importe as Base × TasaOCuota rounded half-up to the currency decimals.',
  'cfdi.subtotal_mismatch': 'SubTotal must equal the sum of the item Importe values rounded to the currency decimals.',
  'cfdi.descuento_mismatch': 'Descuento must equal the sum of the item discounts, and be absent when no item has one.',
  'cfdi.total_mismatch': 'Total must equal SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos (plus local taxes).',
  'cfdi.impuestos_mismatch': 'Rebuild the Impuestos node from the items: traslados grouped by Impuesto, TipoFactor and TasaOCuota, retenciones by Impuesto.',
  'cfdi.total_impuestos_mismatch': 'TotalImpuestosTrasladados / TotalImpuestosRetenidos must equal the sum of the grouped amounts (Exento excluded).',
  // Amounts computed for a new invoice (reported inside cfdi.invalid_input, by request field).
  'cfdi.no_conceptos': 'Add at least one item: a CFDI lists one or more Conceptos.',
  'cfdi.negative_total': 'Lower the withholdings (or raise the amounts): Total = SubTotal − Descuento + transferred taxes − withheld taxes cannot be negative.',
  'cfdi.amount_out_of_range': 'Split the invoice: SubTotal, Descuento and Total have at most 18 integer digits.',
  'cfdi.pagos_without_pago': 'Add at least one payment: the Pagos 2.0 complement lists one or more Pago.',
  'cfdi.pagos_without_documents': 'List in each payment the documents it pays (DoctoRelacionado): at least one.',
  'cfdi.pagos_base_dr_required':
    "Give the tax's BaseDR explicitly: it cannot be derived from ImpPagado for a Cuota, or when the withholdings are as large as the amount.",
  // Pagos 2.0.
  'cfdi.unknown_currency': 'Use an ISO 4217 currency code listed in the SAT c_Moneda catalog.',
  'cfdi.pagos_tipo_cambio_invalid': 'TipoCambioP must be 1 when MonedaP is MXN.',
  'cfdi.pagos_tipo_cambio_required': 'Give TipoCambioP (MXN per unit of MonedaP) when MonedaP is not MXN.',
  'cfdi.pagos_equivalencia_invalid': 'EquivalenciaDR must be 1 when MonedaDR equals MonedaP.',
  'cfdi.pagos_equivalencia_required': 'Give EquivalenciaDR (units of MonedaDR per unit of MonedaP) when the currencies differ.',
  'cfdi.pagos_monto_not_positive': 'Monto must be greater than 0.',
  'cfdi.pagos_monto_insufficient': 'Monto must cover the sum of ImpPagado converted with EquivalenciaDR.',
  'cfdi.pagos_saldo_not_positive': 'ImpSaldoAnt must be greater than 0.',
  'cfdi.pagos_imp_pagado_not_positive': 'ImpPagado must be greater than 0.',
  'cfdi.pagos_imp_pagado_exceeds_saldo': 'ImpPagado cannot exceed ImpSaldoAnt.',
  'cfdi.pagos_saldo_insoluto_mismatch': 'ImpSaldoInsoluto must equal ImpSaldoAnt − ImpPagado.',
  'cfdi.pagos_impuestos_p_mismatch': 'Rebuild ImpuestosP from the ImpuestosDR of the related documents divided by EquivalenciaDR.',
  'cfdi.pagos_totales_mismatch': 'Rebuild Totales from ImpuestosP and Monto of every Pago multiplied by TipoCambioP, rounded to 2 decimals.',
  // Catalogs.
  'cfdi.unknown_catalog_code': 'Use a key that exists in the named SAT catalog.',
  'cfdi.catalog_code_not_in_force': 'Use a catalog key that is in force at the Fecha of the CFDI.',
  'cfdi.catalog_not_loaded':
    'Nothing to fix in the document: this catalog is not imported here, so only the format of its keys was checked. Import the SAT catalogs (invoicing catalogs import) to check them.',
  'cfdi.uso_cfdi_not_allowed': "Choose a UsoCFDI that c_UsoCFDI allows for the receptor's tax regime and type of person.",
  'cfdi.regimen_fiscal_not_allowed': 'Choose a RegimenFiscal that applies to the type of person of the RFC (12 characters: moral, 13: física).',
  // Seal and timbre.
  'cfdi.sello_missing': "Seal the CFDI with the issuer's CSD before stamping.",
  'cfdi.certificado_missing': 'Add Certificado: the base64 of the CSD certificate (.cer) used to seal.',
  'cfdi.certificado_invalid': 'Certificado must be the base64 of the DER .cer file of a SAT CSD.',
  'cfdi.no_certificado_mismatch': 'NoCertificado must be the serial number of the certificate in Certificado.',
  'cfdi.malformed_sello': 'Sello must be the base64 RSA-SHA256 signature of the cadena original; re-seal the CFDI.',
  'cfdi.sello_mismatch': 'The document changed after sealing or another key sealed it; re-seal the final XML with the CSD.',
  'cfdi.not_a_csd': 'Seal with the CSD (certificado de sello digital), not with the e.firma (FIEL).',
  'cfdi.csd_rfc_mismatch': 'Seal with a CSD issued to the Emisor RFC.',
  'cfdi.csd_expired': 'Seal with a CSD that is valid at the Fecha of the CFDI.',
  'cfdi.seal_not_verified': 'Provide a seal verifier to check Sello; only its format was checked.',
  'cfdi.no_tfd': 'Stamp the CFDI with a PAC; only a stamped CFDI carries a TimbreFiscalDigital.',
  'cfdi.tfd_duplicated': 'A CFDI carries exactly one TimbreFiscalDigital.',
  'cfdi.tfd_unsupported_version': 'CFDI 4.0 is stamped with TimbreFiscalDigital 1.1.',
  'cfdi.tfd_sello_cfd_mismatch': 'The timbre belongs to another document: SelloCFD must equal the Comprobante Sello. Stamp this exact XML again.',
  'cfdi.tfd_sello_sat_missing': 'The timbre has no SelloSAT; stamp the CFDI again with an authorized PAC.',
  'cfdi.tfd_malformed_sello_sat': 'SelloSAT is not a valid signature; stamp the CFDI again with an authorized PAC.',
  'cfdi.tfd_sello_sat_mismatch': 'SelloSAT does not verify with the SAT/PAC certificate: the timbre was altered or forged.',
  'cfdi.tfd_certificado_mismatch': 'NoCertificadoSAT must name the SAT/PAC certificate that signed the timbre.',
  'cfdi.tfd_self_signed':
    "The timbre is signed with the issuer's own certificate, not a SAT/PAC one: it is not a genuine stamp. Stamp the CFDI with an authorized PAC.",
  'cfdi.tfd_certificate_unavailable':
    'The SAT does not publish the certificate NoCertificadoSAT names, so SelloSAT cannot be verified and the timbre cannot be trusted: ask the issuer for a CFDI stamped by an authorized PAC.',
  'cfdi.tfd_certificate_unreachable':
    'The SAT/PAC certificate named by NoCertificadoSAT could not be fetched right now, so SelloSAT was not verified: validate the CFDI again later.',
  'cfdi.tfd_not_verifiable_here':
    "Nothing to fix in the document: the certificate was not at hand here (the simulator publishes only its own; the command line reads --sat-certs). Validate it with a live key on a server that reaches the SAT's certificate repository, or give the command line the certificate with --sat-certs.",
  'cfdi.tfd_timbre_not_verified': 'Provide a timbre verifier with the SAT/PAC certificates to check SelloSAT.',
  'cfdi.status_indeterminate':
    'The status service (the SAT, or the simulator standing in for it) could not be asked right now: validate it again later; the other checks stand.',
  'cfdi.status_not_verifiable_here':
    'Nothing to fix in the document: its live status can only come from the SAT. Validate it with a live key on a server that reaches the SAT (a live PAC or SAT_STATUS_URL configured); the command line never asks.',
  'cfdi.invalid_expression':
    "The CFDI's UUID, RFCs or Total cannot be looked up as written (the SAT answers N - 601): fix them in the document; asking again will not help.",
  'cfdi.not_found':
    "The status service does not know this UUID with this issuer, receiver and total: the CFDI was never stamped, was altered, or is too recent for the SAT's records; ask the issuer for the stamped original.",
  'cfdi.cancelled': 'The CFDI is reported as cancelled: it no longer supports a deduction or a payment; ask the issuer for the replacement CFDI.',
  'cfdi.tfd_fecha_timbrado_out_of_range': 'A PAC stamps within 72 hours after Fecha, never before it.',
  // Dates.
  'cfdi.fecha_in_future': 'Fecha must not be later than the current local time at LugarExpedicion; generate it at issue time.',
  'cfdi.fecha_too_old': 'Stamping must happen within 72 hours of Fecha: regenerate the CFDI with a current Fecha and seal it again.',
} as const;

export type RuleCode = keyof typeof REMEDIATIONS;

export function isRuleCode(code: string): code is RuleCode {
  return Object.hasOwn(REMEDIATIONS, code);
}
