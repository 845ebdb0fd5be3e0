/**
 * Cadena original templates for the other complements included by cadenaoriginal_4_0.xslt, transcribed from the SAT stylesheets into the
 * notation described in ./engine.ts. Attribute order and Requerido/Opcional are the SAT's.
 */
export const COMPLEMENTO_TEMPLATES = `
// donat11.xslt
donat:Donatarias = !@version !@noAutorizacion !@fechaAutorizacion !@leyenda
// divisas.xslt
divisas:Divisas = !@version !@tipoOperacion
// implocal.xslt
implocal:ImpuestosLocales = !@version !@TotaldeRetenciones !@TotaldeTraslados *implocal:RetencionesLocales{
  !@ImpLocRetenido !@TasadeRetencion !@Importe } *implocal:TrasladosLocales{ !@ImpLocTrasladado
  !@TasadeTraslado !@Importe }
// leyendasFisc.xslt
leyendasFisc:LeyendasFiscales = !@version >leyendasFisc:Leyenda
leyendasFisc:Leyenda = ?@disposicionFiscal ?@norma !@textoLeyenda
// pfic.xslt
pfic:PFintegranteCoordinado = !@version !@ClaveVehicular !@Placa ?@RFCPF
// TuristaPasajeroExtranjero.xslt
tpe:TuristaPasajeroExtranjero = !@version !@fechadeTransito !@tipoTransito >tpe:datosTransito
tpe:datosTransito = !@Via !@TipoId !@NumeroId !@Nacionalidad !@EmpresaTransporte ?@IdTransporte
// cfdiregistrofiscal.xslt
registrofiscal:CFDIRegistroFiscal = !@Version !@Folio
// pagoenespecie.xslt
pagoenespecie:PagoEnEspecie = !@Version !@CvePIC !@FolioSolDon !@PzaArtNombre !@PzaArtTecn !@PzaArtAProd
  !@PzaArtDim
// aerolineas.xslt
aerolineas:Aerolineas = !@Version !@TUA >aerolineas:OtrosCargos
aerolineas:OtrosCargos = !@TotalCargos >aerolineas:Cargo
aerolineas:Cargo = !@CodigoCargo !@Importe
// valesdedespensa.xslt
valesdedespensa:ValesDeDespensa = !@version !@tipoOperacion ?@registroPatronal !@numeroDeCuenta !@total
  >valesdedespensa:Conceptos
valesdedespensa:Conceptos = >valesdedespensa:Concepto
valesdedespensa:Concepto = !@identificador !@fecha !@rfc !@curp !@nombre ?@numSeguridadSocial !@importe
// notariospublicos.xslt
notariospublicos:NotariosPublicos = !@Version >notariospublicos:DescInmuebles
  >notariospublicos:DatosOperacion >notariospublicos:DatosNotario >notariospublicos:DatosEnajenante
  >notariospublicos:DatosAdquiriente
notariospublicos:DescInmuebles = >notariospublicos:DescInmueble
notariospublicos:DescInmueble = !@TipoInmueble !@Calle ?@NoExterior ?@NoInterior ?@Colonia ?@Localidad
  ?@Referencia !@Municipio !@Estado !@Pais !@CodigoPostal
notariospublicos:DatosOperacion = !@NumInstrumentoNotarial !@FechaInstNotarial !@MontoOperacion !@Subtotal
  !@IVA
notariospublicos:DatosNotario = !@CURP !@NumNotaria !@EntidadFederativa ?@Adscripcion
notariospublicos:DatosEnajenante = !@CoproSocConyugalE >notariospublicos:DatosUnEnajenante
  >notariospublicos:DatosEnajenantesCopSC
notariospublicos:DatosUnEnajenante = !@Nombre !@ApellidoPaterno ?@ApellidoMaterno !@RFC !@CURP
notariospublicos:DatosEnajenantesCopSC = >notariospublicos:DatosEnajenanteCopSC
notariospublicos:DatosEnajenanteCopSC = !@Nombre ?@ApellidoPaterno ?@ApellidoMaterno !@RFC ?@CURP
  !@Porcentaje
notariospublicos:DatosAdquiriente = !@CoproSocConyugalE >notariospublicos:DatosUnAdquiriente
  >notariospublicos:DatosAdquirientesCopSC
notariospublicos:DatosUnAdquiriente = !@Nombre ?@ApellidoPaterno ?@ApellidoMaterno !@RFC ?@CURP
notariospublicos:DatosAdquirientesCopSC = >notariospublicos:DatosAdquirienteCopSC
notariospublicos:DatosAdquirienteCopSC = !@Nombre ?@ApellidoPaterno ?@ApellidoMaterno !@RFC ?@CURP
  !@Porcentaje
// vehiculousado.xslt
vehiculousado:VehiculoUsado = !@Version !@montoAdquisicion !@montoEnajenacion !@claveVehicular !@marca
  !@tipo !@modelo ?@numeroMotor ?@numeroSerie ?@NIV !@valor >vehiculousado:InformacionAduanera
vehiculousado:InformacionAduanera = !@numero !@fecha ?@aduana
// servicioparcialconstruccion.xslt
servicioparcial:parcialesconstruccion = !@Version !@NumPerLicoAut >servicioparcial:Inmueble
servicioparcial:Inmueble = !@Calle ?@NoExterior ?@NoInterior ?@Colonia ?@Localidad ?@Referencia !@Municipio
  !@Estado !@CodigoPostal
// renovacionysustitucionvehiculos.xslt
decreto:renovacionysustitucionvehiculos = !@Version !@TipoDeDecreto >decreto:DecretoRenovVehicular
  >decreto:DecretoSustitVehicular
decreto:DecretoRenovVehicular = !@VehEnaj >decreto:VehiculosUsadosEnajenadoPermAlFab
  >decreto:VehiculoNuvoSemEnajenadoFabAlPerm
decreto:DecretoSustitVehicular = !@VehEnaj >decreto:VehiculoUsadoEnajenadoPermAlFab
  >decreto:VehiculoNuvoSemEnajenadoFabAlPerm
decreto:VehiculosUsadosEnajenadoPermAlFab = !@PrecioVehUsado !@TipoVeh !@Marca !@TipooClase !@Año ?@Modelo
  ?@NIV ?@NumSerie !@NumPlacas ?@NumMotor !@NumFolTarjCir ?@NumPedIm ?@Aduana ?@FechaRegulVeh !@Foliofiscal
decreto:VehiculoNuvoSemEnajenadoFabAlPerm = !@Año ?@Modelo !@NumPlacas ?@RFC
decreto:VehiculoUsadoEnajenadoPermAlFab = !@PrecioVehUsado !@TipoVeh !@Marca !@TipooClase !@Año ?@Modelo
  ?@NIV ?@NumSerie !@NumPlacas ?@NumMotor !@NumFolTarjCir !@NumFolAvisoint !@NumPedIm !@Aduana
  !@FechaRegulVeh !@Foliofiscal
// certificadodedestruccion.xslt
destruccion:certificadodedestruccion = !@Version !@Serie !@NumFolDesVeh >destruccion:VehiculoDestruido
  >destruccion:InformacionAduanera
destruccion:VehiculoDestruido = !@Marca !@TipooClase !@Año ?@Modelo ?@NIV ?@NumSerie !@NumPlacas ?@NumMotor
  !@NumFolTarjCir
destruccion:InformacionAduanera = !@NumPedImp !@Fecha !@Aduana
// obrasarteantiguedades.xslt
obrasarte:obrasarteantiguedades = !@Version !@TipoBien ?@OtrosTipoBien !@TituloAdquirido
  ?@OtrosTituloAdquirido ?@Subtotal ?@IVA !@FechaAdquisicion !@CaracterísticasDeObraoPieza
// ComercioExterior11.xslt
cce11:ComercioExterior = !@Version ?@MotivoTraslado !@TipoOperacion ?@ClaveDePedimento ?@CertificadoOrigen
  ?@NumCertificadoOrigen ?@NumeroExportadorConfiable ?@Incoterm ?@Subdivision ?@Observaciones
  ?@TipoCambioUSD ?@TotalUSD >cce11:Emisor >cce11:Propietario >cce11:Receptor >cce11:Destinatario
  >cce11:Mercancias
cce11:Emisor = ?@Curp >cce11:Domicilio
cce11:Propietario = !@NumRegIdTrib !@ResidenciaFiscal
cce11:Receptor = ?@NumRegIdTrib >cce11:Domicilio
cce11:Destinatario = ?@NumRegIdTrib ?@Nombre >cce11:Domicilio
cce11:Mercancias = >cce11:Mercancia
cce11:Domicilio = !@Calle ?@NumeroExterior ?@NumeroInterior ?@Colonia ?@Localidad ?@Referencia ?@Municipio
  !@Estado !@Pais !@CodigoPostal
cce11:Mercancia = !@NoIdentificacion ?@FraccionArancelaria ?@CantidadAduana ?@UnidadAduana
  ?@ValorUnitarioAduana !@ValorDolares >cce11:DescripcionesEspecificas
cce11:DescripcionesEspecificas = !@Marca ?@Modelo ?@SubModelo ?@NumeroSerie
// ComercioExterior20.xslt
cce20:ComercioExterior = !@Version ?@MotivoTraslado !@ClaveDePedimento !@CertificadoOrigen
  ?@NumCertificadoOrigen ?@NumeroExportadorConfiable ?@Incoterm ?@Observaciones !@TipoCambioUSD !@TotalUSD
  >cce20:Emisor >cce20:Propietario >cce20:Receptor >cce20:Destinatario >cce20:Mercancias
cce20:Emisor = ?@Curp >cce20:Domicilio
cce20:Propietario = !@NumRegIdTrib !@ResidenciaFiscal
cce20:Receptor = ?@NumRegIdTrib >cce20:Domicilio
cce20:Destinatario = ?@NumRegIdTrib ?@Nombre >cce20:Domicilio
cce20:Mercancias = >cce20:Mercancia
cce20:Domicilio = !@Calle ?@NumeroExterior ?@NumeroInterior ?@Colonia ?@Localidad ?@Referencia ?@Municipio
  !@Estado !@Pais !@CodigoPostal
cce20:Mercancia = !@NoIdentificacion ?@FraccionArancelaria ?@CantidadAduana ?@UnidadAduana
  ?@ValorUnitarioAduana !@ValorDolares >cce20:DescripcionesEspecificas
cce20:DescripcionesEspecificas = !@Marca ?@Modelo ?@SubModelo ?@NumeroSerie
// ine11.xslt
ine:INE = !@Version !@TipoProceso ?@TipoComite ?@IdContabilidad >ine:Entidad
ine:Entidad = !@ClaveEntidad ?@Ambito >ine:Contabilidad
ine:Contabilidad = !@IdContabilidad
// iedu.xslt
iedu:instEducativas = !@version !@nombreAlumno !@CURP !@nivelEducativo !@autRVOE ?@rfcPago
// ventavehiculos11.xslt
ventavehiculos:VentaVehiculos = !@version !@ClaveVehicular [version=1.1]{ !@Niv }
  >//ventavehiculos:InformacionAduanera
ventavehiculos:InformacionAduanera = !@numero !@fecha ?@aduana
// detallista.xslt
detallista:detallista = !@documentStructureVersion
  *detallista:orderIdentification/detallista:referenceIdentification{ !. }
  ?detallista:orderIdentification/detallista:ReferenceDate !detallista:buyer/detallista:gln
  !detallista:seller/detallista:gln !detallista:seller/detallista:alternatePartyIdentification
  !detallista:totalAmount/detallista:Amount *detallista:TotalAllowanceCharge/detallista:specialServicesType{
  ?. } *detallista:TotalAllowanceCharge/detallista:Amount{ ?. }
// ecc12.xslt
ecc12:EstadoDeCuentaCombustible = !@Version !@TipoOperacion !@NumeroDeCuenta !@SubTotal !@Total
  >ecc12:Conceptos
ecc12:Conceptos = >ecc12:ConceptoEstadoDeCuentaCombustible
ecc12:Traslados = >ecc12:Traslado
ecc12:ConceptoEstadoDeCuentaCombustible = !@Identificador !@Fecha !@Rfc !@ClaveEstacion !@Cantidad
  !@TipoCombustible ?@Unidad !@NombreCombustible !@FolioOperacion !@ValorUnitario !@Importe >ecc12:Traslados
ecc12:Traslado = !@Impuesto !@TasaOCuota !@Importe
// consumodeCombustibles11.xslt
consumodecombustibles11:ConsumoDeCombustibles = !@version !@tipoOperacion !@numeroDeCuenta ?@subTotal
  !@total >consumodecombustibles11:Conceptos
consumodecombustibles11:Conceptos = >consumodecombustibles11:ConceptoConsumoDeCombustibles
consumodecombustibles11:ConceptoConsumoDeCombustibles = !@identificador !@fecha !@rfc !@claveEstacion
  !@tipoCombustible !@cantidad !@nombreCombustible !@folioOperacion !@valorUnitario !@importe
  >consumodecombustibles11:Determinados
consumodecombustibles11:Determinados = >consumodecombustibles11:Determinado
consumodecombustibles11:Determinado = !@impuesto !@tasaOCuota !@importe
// GastosHidrocarburos10.xslt
gceh:GastosHidrocarburos = !@Version !@NumeroContrato ?@AreaContractual >gceh:Erogacion
gceh:Erogacion = !@TipoErogacion !@MontocuErogacion !@Porcentaje >gceh:DocumentoRelacionado
  >gceh:Actividades >gceh:CentroCostos
gceh:DocumentoRelacionado = !@OrigenErogacion ?@FolioFiscalVinculado ?@RFCProveedor !@MontoTotalIVA
  ?@MontoRetencionISR ?@MontoRetencionIVA ?@MontoRetencionOtrosImpuestos ?@NumeroPedimentoVinculado
  ?@ClavePedimentoVinculado ?@ClavePagoPedimentoVinculado ?@MontoIVAPedimento
  ?@OtrosImpuestosPagadosPedimento !@FechaFolioFiscalVinculado !@Mes !@MontoTotalErogaciones
gceh:Actividades = ?@ActividadRelacionada >gceh:SubActividades
gceh:SubActividades = ?@SubActividadRelacionada >gceh:Tareas
gceh:Tareas = ?@TareaRelacionada
gceh:CentroCostos = ?@Campo >gceh:Yacimientos
gceh:Yacimientos = ?@Yacimiento >gceh:Pozos
gceh:Pozos = ?@Pozo
// IngresosHidrocarburos.xslt
ieeh:IngresosHidrocarburos = !@Version !@NumeroContrato !@ContraprestacionPagadaOperador !@Porcentaje
  >ieeh:DocumentoRelacionado
ieeh:DocumentoRelacionado = !@FolioFiscalVinculado !@FechaFolioFiscalVinculado !@Mes
// hidrocarburospetroliferos.xslt
hidrocarburospetroliferos:HidroYPetro = !@Version !@TipoPermiso !@NumeroPermiso !@ClaveHYP !@SubProductoHYP
`;
