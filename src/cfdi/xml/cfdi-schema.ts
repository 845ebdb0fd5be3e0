/**
 * Attribute names of each CFDI 4.0 / Pagos 2.0 / TFD 1.1 node in the order the XSDs declare
 * them (cfdv40.xsd, Pagos20.xsd, TimbreFiscalDigitalv11.xsd). The writer emits attributes in
 * this order and the parser reads exactly these names.
 */

export const COMPROBANTE_ATTRIBUTES = [
  'Version',
  'Serie',
  'Folio',
  'Fecha',
  'Sello',
  'FormaPago',
  'NoCertificado',
  'Certificado',
  'CondicionesDePago',
  'SubTotal',
  'Descuento',
  'Moneda',
  'TipoCambio',
  'Total',
  'TipoDeComprobante',
  'Exportacion',
  'MetodoPago',
  'LugarExpedicion',
  'Confirmacion',
] as const;

export const INFORMACION_GLOBAL_ATTRIBUTES = ['Periodicidad', 'Meses', 'Año'] as const;
export const EMISOR_ATTRIBUTES = ['Rfc', 'Nombre', 'RegimenFiscal', 'FacAtrAdquirente'] as const;
export const RECEPTOR_ATTRIBUTES = [
  'Rfc',
  'Nombre',
  'DomicilioFiscalReceptor',
  'ResidenciaFiscal',
  'NumRegIdTrib',
  'RegimenFiscalReceptor',
  'UsoCFDI',
] as const;

export const CONCEPTO_ATTRIBUTES = [
  'ClaveProdServ',
  'NoIdentificacion',
  'Cantidad',
  'ClaveUnidad',
  'Unidad',
  'Descripcion',
  'ValorUnitario',
  'Importe',
  'Descuento',
  'ObjetoImp',
] as const;
export const TRASLADO_ATTRIBUTES = ['Base', 'Impuesto', 'TipoFactor', 'TasaOCuota', 'Importe'] as const;
export const RETENCION_ATTRIBUTES = ['Base', 'Impuesto', 'TipoFactor', 'TasaOCuota', 'Importe'] as const;
export const A_CUENTA_TERCEROS_ATTRIBUTES = [
  'RfcACuentaTerceros',
  'NombreACuentaTerceros',
  'RegimenFiscalACuentaTerceros',
  'DomicilioFiscalACuentaTerceros',
] as const;
export const INFORMACION_ADUANERA_ATTRIBUTES = ['NumeroPedimento'] as const;
export const CUENTA_PREDIAL_ATTRIBUTES = ['Numero'] as const;
export const PARTE_ATTRIBUTES = ['ClaveProdServ', 'NoIdentificacion', 'Cantidad', 'Unidad', 'Descripcion', 'ValorUnitario', 'Importe'] as const;

export const IMPUESTOS_ATTRIBUTES = ['TotalImpuestosRetenidos', 'TotalImpuestosTrasladados'] as const;
export const RETENCION_GLOBAL_ATTRIBUTES = ['Impuesto', 'Importe'] as const;

export const TFD_ATTRIBUTES = ['Version', 'UUID', 'FechaTimbrado', 'RfcProvCertif', 'Leyenda', 'SelloCFD', 'NoCertificadoSAT', 'SelloSAT'] as const;

export const PAGOS_ATTRIBUTES = ['Version'] as const;
export const PAGOS_TOTALES_ATTRIBUTES = [
  'TotalRetencionesIVA',
  'TotalRetencionesISR',
  'TotalRetencionesIEPS',
  'TotalTrasladosBaseIVA16',
  'TotalTrasladosImpuestoIVA16',
  'TotalTrasladosBaseIVA8',
  'TotalTrasladosImpuestoIVA8',
  'TotalTrasladosBaseIVA0',
  'TotalTrasladosImpuestoIVA0',
  'TotalTrasladosBaseIVAExento',
  'MontoTotalPagos',
] as const;
export const PAGO_ATTRIBUTES = [
  'FechaPago',
  'FormaDePagoP',
  'MonedaP',
  'TipoCambioP',
  'Monto',
  'NumOperacion',
  'RfcEmisorCtaOrd',
  'NomBancoOrdExt',
  'CtaOrdenante',
  'RfcEmisorCtaBen',
  'CtaBeneficiario',
  'TipoCadPago',
  'CertPago',
  'CadPago',
  'SelloPago',
] as const;
export const DOCTO_RELACIONADO_ATTRIBUTES = [
  'IdDocumento',
  'Serie',
  'Folio',
  'MonedaDR',
  'EquivalenciaDR',
  'NumParcialidad',
  'ImpSaldoAnt',
  'ImpPagado',
  'ImpSaldoInsoluto',
  'ObjetoImpDR',
] as const;
export const RETENCION_DR_ATTRIBUTES = ['BaseDR', 'ImpuestoDR', 'TipoFactorDR', 'TasaOCuotaDR', 'ImporteDR'] as const;
export const TRASLADO_DR_ATTRIBUTES = ['BaseDR', 'ImpuestoDR', 'TipoFactorDR', 'TasaOCuotaDR', 'ImporteDR'] as const;
export const RETENCION_P_ATTRIBUTES = ['ImpuestoP', 'ImporteP'] as const;
export const TRASLADO_P_ATTRIBUTES = ['BaseP', 'ImpuestoP', 'TipoFactorP', 'TasaOCuotaP', 'ImporteP'] as const;
