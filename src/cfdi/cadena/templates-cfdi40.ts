/**
 * Cadena original templates for cfdi:Comprobante and its nodes (cadenaoriginal_4_0.xslt),
 * Pagos 2.0 (Pagos20.xslt) and Nómina 1.2 (nomina12.xslt), transcribed from the SAT stylesheets
 * into the notation described in ./engine.ts. Attribute order and Requerido/Opcional are the SAT's.
 */
export const CFDI40_TEMPLATES = `
// cadenaoriginal_4_0.xslt
cfdi:Comprobante = !@Version ?@Serie ?@Folio !@Fecha ?@FormaPago !@NoCertificado ?@CondicionesDePago
  !@SubTotal ?@Descuento !@Moneda ?@TipoCambio !@Total !@TipoDeComprobante !@Exportacion ?@MetodoPago
  !@LugarExpedicion ?@Confirmacion >cfdi:InformacionGlobal >cfdi:CfdiRelacionados >cfdi:Emisor
  >cfdi:Receptor >cfdi:Conceptos >cfdi:Impuestos >cfdi:Complemento
cfdi:InformacionGlobal = !@Periodicidad !@Meses !@Año
cfdi:CfdiRelacionados = !@TipoRelacion *cfdi:CfdiRelacionado{ !@UUID }
cfdi:Emisor = !@Rfc !@Nombre !@RegimenFiscal ?@FacAtrAdquirente
cfdi:Receptor = !@Rfc !@Nombre !@DomicilioFiscalReceptor ?@ResidenciaFiscal ?@NumRegIdTrib
  !@RegimenFiscalReceptor !@UsoCFDI
cfdi:Conceptos = >cfdi:Concepto
cfdi:Concepto = !@ClaveProdServ ?@NoIdentificacion !@Cantidad !@ClaveUnidad ?@Unidad !@Descripcion
  !@ValorUnitario !@Importe ?@Descuento !@ObjetoImp *cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado{ !@Base
  !@Impuesto !@TipoFactor ?@TasaOCuota ?@Importe } *cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion{ !@Base
  !@Impuesto !@TipoFactor !@TasaOCuota !@Importe } >cfdi:ACuentaTerceros >cfdi:InformacionAduanera
  >cfdi:CuentaPredial >cfdi:ComplementoConcepto >//cfdi:Parte
cfdi:ACuentaTerceros = !@RfcACuentaTerceros !@NombreACuentaTerceros !@RegimenFiscalACuentaTerceros
  !@DomicilioFiscalACuentaTerceros
cfdi:InformacionAduanera = !@NumeroPedimento
cfdi:CuentaPredial = !@Numero
cfdi:ComplementoConcepto = >*
cfdi:Parte = !@ClaveProdServ ?@NoIdentificacion !@Cantidad ?@Unidad !@Descripcion ?@ValorUnitario ?@Importe
  >//cfdi:InformacionAduanera
cfdi:Complemento = >*
cfdi:Impuestos = *cfdi:Retenciones/cfdi:Retencion{ !@Impuesto !@Importe } ?@TotalImpuestosRetenidos
  *cfdi:Traslados/cfdi:Traslado{ !@Base !@Impuesto !@TipoFactor ?@TasaOCuota ?@Importe }
  ?@TotalImpuestosTrasladados
// Pagos20.xslt
pago20:Pagos = !@Version >pago20:Totales >pago20:Pago
pago20:Totales = ?@TotalRetencionesIVA ?@TotalRetencionesISR ?@TotalRetencionesIEPS
  ?@TotalTrasladosBaseIVA16 ?@TotalTrasladosImpuestoIVA16 ?@TotalTrasladosBaseIVA8
  ?@TotalTrasladosImpuestoIVA8 ?@TotalTrasladosBaseIVA0 ?@TotalTrasladosImpuestoIVA0
  ?@TotalTrasladosBaseIVAExento !@MontoTotalPagos
pago20:Pago = !@FechaPago !@FormaDePagoP !@MonedaP ?@TipoCambioP !@Monto ?@NumOperacion ?@RfcEmisorCtaOrd
  ?@NomBancoOrdExt ?@CtaOrdenante ?@RfcEmisorCtaBen ?@CtaBeneficiario ?@TipoCadPago ?@CertPago ?@CadPago
  ?@SelloPago >pago20:DoctoRelacionado >pago20:ImpuestosP
pago20:DoctoRelacionado = !@IdDocumento ?@Serie ?@Folio !@MonedaDR ?@EquivalenciaDR !@NumParcialidad
  !@ImpSaldoAnt !@ImpPagado !@ImpSaldoInsoluto !@ObjetoImpDR
  *pago20:ImpuestosDR/pago20:RetencionesDR/pago20:RetencionDR{ !@BaseDR !@ImpuestoDR !@TipoFactorDR
  !@TasaOCuotaDR !@ImporteDR } *pago20:ImpuestosDR/pago20:TrasladosDR/pago20:TrasladoDR{ !@BaseDR
  !@ImpuestoDR !@TipoFactorDR ?@TasaOCuotaDR ?@ImporteDR }
pago20:ImpuestosP = >pago20:RetencionesP >pago20:TrasladosP
pago20:RetencionesP = >pago20:RetencionP
pago20:TrasladosP = >pago20:TrasladoP
pago20:RetencionP = !@ImpuestoP !@ImporteP
pago20:TrasladoP = !@BaseP !@ImpuestoP !@TipoFactorP ?@TasaOCuotaP ?@ImporteP
// nomina12.xslt
nomina12:Nomina = !@Version !@TipoNomina !@FechaPago !@FechaInicialPago !@FechaFinalPago !@NumDiasPagados
  ?@TotalPercepciones ?@TotalDeducciones ?@TotalOtrosPagos >nomina12:Emisor >nomina12:Receptor
  >nomina12:Percepciones >nomina12:Deducciones >nomina12:OtrosPagos >nomina12:Incapacidades
nomina12:Emisor = ?@Curp ?@RegistroPatronal ?@RfcPatronOrigen >nomina12:EntidadSNCF
nomina12:EntidadSNCF = !@OrigenRecurso ?@MontoRecursoPropio
nomina12:Receptor = !@Curp ?@NumSeguridadSocial ?@FechaInicioRelLaboral ?@Antigüedad !@TipoContrato
  ?@Sindicalizado ?@TipoJornada !@TipoRegimen !@NumEmpleado ?@Departamento ?@Puesto ?@RiesgoPuesto
  !@PeriodicidadPago ?@Banco ?@CuentaBancaria ?@SalarioBaseCotApor ?@SalarioDiarioIntegrado !@ClaveEntFed
  >nomina12:SubContratacion
nomina12:SubContratacion = !@RfcLabora !@PorcentajeTiempo
nomina12:Percepciones = ?@TotalSueldos ?@TotalSeparacionIndemnizacion ?@TotalJubilacionPensionRetiro
  !@TotalGravado !@TotalExento >nomina12:Percepcion >nomina12:JubilacionPensionRetiro
  >nomina12:SeparacionIndemnizacion
nomina12:Percepcion = !@TipoPercepcion !@Clave !@Concepto !@ImporteGravado !@ImporteExento
  >nomina12:AccionesOTitulos >nomina12:HorasExtra
nomina12:AccionesOTitulos = !@ValorMercado !@PrecioAlOtorgarse
nomina12:HorasExtra = !@Dias !@TipoHoras !@HorasExtra !@ImportePagado
nomina12:JubilacionPensionRetiro = ?@TotalUnaExhibicion ?@TotalParcialidad ?@MontoDiario !@IngresoAcumulable
  !@IngresoNoAcumulable
nomina12:SeparacionIndemnizacion = !@TotalPagado !@NumAñosServicio !@UltimoSueldoMensOrd !@IngresoAcumulable
  !@IngresoNoAcumulable
nomina12:Deducciones = ?@TotalOtrasDeducciones ?@TotalImpuestosRetenidos >nomina12:Deduccion
nomina12:Deduccion = !@TipoDeduccion !@Clave !@Concepto !@Importe
nomina12:OtrosPagos = >nomina12:OtroPago
nomina12:OtroPago = !@TipoOtroPago !@Clave !@Concepto !@Importe >nomina12:SubsidioAlEmpleo
  >nomina12:CompensacionSaldosAFavor
nomina12:SubsidioAlEmpleo = !@SubsidioCausado
nomina12:CompensacionSaldosAFavor = !@SaldoAFavor !@Año !@RemanenteSalFav
nomina12:Incapacidades = >nomina12:Incapacidad
nomina12:Incapacidad = !@DiasIncapacidad !@TipoIncapacidad ?@ImporteMonetario
`;
