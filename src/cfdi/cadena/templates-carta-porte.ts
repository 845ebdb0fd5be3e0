/**
 * Cadena original templates for Carta Porte 2.0, 3.0 and 3.1 (CartaPorte20.xslt, CartaPorte30.xslt, CartaPorte31.xslt), transcribed from the SAT stylesheets into the
 * notation described in ./engine.ts. Attribute order and Requerido/Opcional are the SAT's.
 */
export const CARTA_PORTE_TEMPLATES = `
// CartaPorte20.xslt
cartaporte20:CartaPorte = !@Version !@TranspInternac ?@EntradaSalidaMerc ?@PaisOrigenDestino
  ?@ViaEntradaSalida ?@TotalDistRec >cartaporte20:Ubicaciones >cartaporte20:Mercancias
  >cartaporte20:FiguraTransporte
cartaporte20:Ubicaciones = >cartaporte20:Ubicacion
cartaporte20:Ubicacion = !@TipoUbicacion ?@IDUbicacion !@RFCRemitenteDestinatario
  ?@NombreRemitenteDestinatario ?@NumRegIdTrib ?@ResidenciaFiscal ?@NumEstacion ?@NombreEstacion
  ?@NavegacionTrafico !@FechaHoraSalidaLlegada ?@TipoEstacion ?@DistanciaRecorrida *cartaporte20:Domicilio{
  ?@Calle ?@NumeroExterior ?@NumeroInterior ?@Colonia ?@Localidad ?@Referencia ?@Municipio !@Estado !@Pais
  !@CodigoPostal }
cartaporte20:Mercancias = !@PesoBrutoTotal !@UnidadPeso ?@PesoNetoTotal !@NumTotalMercancias
  ?@CargoPorTasacion >cartaporte20:Mercancia >cartaporte20:Autotransporte >cartaporte20:TransporteMaritimo
  >cartaporte20:TransporteAereo >cartaporte20:TransporteFerroviario
cartaporte20:Mercancia = !@BienesTransp ?@ClaveSTCC !@Descripcion !@Cantidad !@ClaveUnidad ?@Unidad
  ?@Dimensiones ?@MaterialPeligroso ?@CveMaterialPeligroso ?@Embalaje ?@DescripEmbalaje !@PesoEnKg
  ?@ValorMercancia ?@Moneda ?@FraccionArancelaria ?@UUIDComercioExt >cartaporte20:Pedimentos
  >cartaporte20:GuiasIdentificacion >cartaporte20:CantidadTransporta >cartaporte20:DetalleMercancia
cartaporte20:Pedimentos = !@Pedimento
cartaporte20:GuiasIdentificacion = !@NumeroGuiaIdentificacion !@DescripGuiaIdentificacion
  !@PesoGuiaIdentificacion
cartaporte20:CantidadTransporta = !@Cantidad !@IDOrigen !@IDDestino ?@CvesTransporte
cartaporte20:DetalleMercancia = !@UnidadPesoMerc !@PesoBruto !@PesoNeto !@PesoTara ?@NumPiezas
cartaporte20:Autotransporte = !@PermSCT !@NumPermisoSCT >cartaporte20:IdentificacionVehicular
  >cartaporte20:Seguros >cartaporte20:Remolques
cartaporte20:IdentificacionVehicular = !@ConfigVehicular !@PlacaVM !@AnioModeloVM
cartaporte20:Seguros = !@AseguraRespCivil !@PolizaRespCivil ?@AseguraMedAmbiente ?@PolizaMedAmbiente
  ?@AseguraCarga ?@PolizaCarga ?@PrimaSeguro
cartaporte20:Remolques = >cartaporte20:Remolque
cartaporte20:Remolque = !@SubTipoRem !@Placa
cartaporte20:TransporteMaritimo = ?@PermSCT ?@NumPermisoSCT ?@NombreAseg ?@NumPolizaSeguro !@TipoEmbarcacion
  !@Matricula !@NumeroOMI ?@AnioEmbarcacion ?@NombreEmbarc !@NacionalidadEmbarc !@UnidadesDeArqBruto
  !@TipoCarga !@NumCertITC ?@Eslora ?@Manga ?@Calado ?@LineaNaviera !@NombreAgenteNaviero
  !@NumAutorizacionNaviero ?@NumViaje ?@NumConocEmbarc *cartaporte20:Contenedor{ !@MatriculaContenedor
  !@TipoContenedor ?@NumPrecinto }
cartaporte20:TransporteAereo = !@PermSCT !@NumPermisoSCT ?@MatriculaAeronave ?@NombreAseg ?@NumPolizaSeguro
  !@NumeroGuia ?@LugarContrato !@CodigoTransportista ?@RFCEmbarcador ?@NumRegIdTribEmbarc
  ?@ResidenciaFiscalEmbarc ?@NombreEmbarcador
cartaporte20:TransporteFerroviario = !@TipoDeServicio !@TipoDeTrafico ?@NombreAseg ?@NumPolizaSeguro
  >cartaporte20:DerechosDePaso >cartaporte20:Carro
cartaporte20:DerechosDePaso = !@TipoDerechoDePaso !@KilometrajePagado
cartaporte20:Carro = !@TipoCarro !@MatriculaCarro !@GuiaCarro !@ToneladasNetasCarro
  *cartaporte20:Contenedor{ !@TipoContenedor !@PesoContenedorVacio !@PesoNetoMercancia }
cartaporte20:FiguraTransporte = >cartaporte20:TiposFigura
cartaporte20:TiposFigura = !@TipoFigura ?@RFCFigura ?@NumLicencia ?@NombreFigura ?@NumRegIdTribFigura
  ?@ResidenciaFiscalFigura >cartaporte20:PartesTransporte *cartaporte20:Domicilio{ ?@Calle ?@NumeroExterior
  ?@NumeroInterior ?@Colonia ?@Localidad ?@Referencia ?@Municipio !@Estado !@Pais !@CodigoPostal }
cartaporte20:PartesTransporte = !@ParteTransporte
// CartaPorte30.xslt
cartaporte30:CartaPorte = !@Version !@IdCCP !@TranspInternac ?@RegimenAduanero ?@EntradaSalidaMerc
  ?@PaisOrigenDestino ?@ViaEntradaSalida ?@TotalDistRec ?@RegistroISTMO ?@UbicacionPoloOrigen
  ?@UbicacionPoloDestino >cartaporte30:Ubicaciones >cartaporte30:Mercancias >cartaporte30:FiguraTransporte
cartaporte30:Ubicaciones = >cartaporte30:Ubicacion
cartaporte30:Ubicacion = !@TipoUbicacion ?@IDUbicacion !@RFCRemitenteDestinatario
  ?@NombreRemitenteDestinatario ?@NumRegIdTrib ?@ResidenciaFiscal ?@NumEstacion ?@NombreEstacion
  ?@NavegacionTrafico !@FechaHoraSalidaLlegada ?@TipoEstacion ?@DistanciaRecorrida *cartaporte30:Domicilio{
  ?@Calle ?@NumeroExterior ?@NumeroInterior ?@Colonia ?@Localidad ?@Referencia ?@Municipio !@Estado !@Pais
  !@CodigoPostal }
cartaporte30:Mercancias = !@PesoBrutoTotal !@UnidadPeso ?@PesoNetoTotal !@NumTotalMercancias
  ?@CargoPorTasacion ?@LogisticaInversaRecoleccionDevolucion >cartaporte30:Mercancia
  >cartaporte30:Autotransporte >cartaporte30:TransporteMaritimo >cartaporte30:TransporteAereo
  >cartaporte30:TransporteFerroviario
cartaporte30:Mercancia = !@BienesTransp ?@ClaveSTCC !@Descripcion !@Cantidad !@ClaveUnidad ?@Unidad
  ?@Dimensiones ?@MaterialPeligroso ?@CveMaterialPeligroso ?@Embalaje ?@DescripEmbalaje ?@SectorCOFEPRIS
  ?@NombreIngredienteActivo ?@NomQuimico ?@DenominacionGenericaProd ?@DenominacionDistintivaProd
  ?@Fabricante ?@FechaCaducidad ?@LoteMedicamento ?@FormaFarmaceutica ?@CondicionesEspTransp
  ?@RegistroSanitarioFolioAutorizacion ?@PermisoImportacion ?@FolioImpoVUCEM ?@NumCAS ?@RazonSocialEmpImp
  ?@NumRegSanPlagCOFEPRIS ?@DatosFabricante ?@DatosFormulador ?@DatosMaquilador ?@UsoAutorizado !@PesoEnKg
  ?@ValorMercancia ?@Moneda ?@FraccionArancelaria ?@UUIDComercioExt ?@TipoMateria ?@DescripcionMateria
  >cartaporte30:DocumentacionAduanera >cartaporte30:GuiasIdentificacion >cartaporte30:CantidadTransporta
  >cartaporte30:DetalleMercancia
cartaporte30:DocumentacionAduanera = !@TipoDocumento ?@NumPedimento ?@IdentDocAduanero ?@RFCImpo
cartaporte30:GuiasIdentificacion = !@NumeroGuiaIdentificacion !@DescripGuiaIdentificacion
  !@PesoGuiaIdentificacion
cartaporte30:CantidadTransporta = !@Cantidad !@IDOrigen !@IDDestino ?@CvesTransporte
cartaporte30:DetalleMercancia = !@UnidadPesoMerc !@PesoBruto !@PesoNeto !@PesoTara ?@NumPiezas
cartaporte30:Autotransporte = !@PermSCT !@NumPermisoSCT >cartaporte30:IdentificacionVehicular
  >cartaporte30:Seguros >cartaporte30:Remolques
cartaporte30:IdentificacionVehicular = !@ConfigVehicular !@PesoBrutoVehicular !@PlacaVM !@AnioModeloVM
cartaporte30:Seguros = !@AseguraRespCivil !@PolizaRespCivil ?@AseguraMedAmbiente ?@PolizaMedAmbiente
  ?@AseguraCarga ?@PolizaCarga ?@PrimaSeguro
cartaporte30:Remolques = >cartaporte30:Remolque
cartaporte30:Remolque = !@SubTipoRem !@Placa
cartaporte30:TransporteMaritimo = ?@PermSCT ?@NumPermisoSCT ?@NombreAseg ?@NumPolizaSeguro !@TipoEmbarcacion
  !@Matricula !@NumeroOMI ?@AnioEmbarcacion ?@NombreEmbarc !@NacionalidadEmbarc !@UnidadesDeArqBruto
  !@TipoCarga ?@Eslora ?@Manga ?@Calado ?@Puntal ?@LineaNaviera !@NombreAgenteNaviero
  !@NumAutorizacionNaviero ?@NumViaje ?@NumConocEmbarc ?@PermisoTempNavegacion *cartaporte30:Contenedor{
  !@TipoContenedor ?@MatriculaContenedor ?@NumPrecinto ?@IdCCPRelacionado ?@PlacaVMCCP
  ?@FechaCertificacionCCP } >cartaporte30:RemolquesCCP
cartaporte30:RemolquesCCP = >cartaporte30:RemolqueCCP
cartaporte30:RemolqueCCP = !@SubTipoRemCCP !@PlacaCCP
cartaporte30:TransporteAereo = !@PermSCT !@NumPermisoSCT ?@MatriculaAeronave ?@NombreAseg ?@NumPolizaSeguro
  !@NumeroGuia ?@LugarContrato !@CodigoTransportista ?@RFCEmbarcador ?@NumRegIdTribEmbarc
  ?@ResidenciaFiscalEmbarc ?@NombreEmbarcador
cartaporte30:TransporteFerroviario = !@TipoDeServicio !@TipoDeTrafico ?@NombreAseg ?@NumPolizaSeguro
  >cartaporte30:DerechosDePaso >cartaporte30:Carro
cartaporte30:DerechosDePaso = !@TipoDerechoDePaso !@KilometrajePagado
cartaporte30:Carro = !@TipoCarro !@MatriculaCarro !@GuiaCarro !@ToneladasNetasCarro
  *cartaporte30:Contenedor{ !@TipoContenedor !@PesoContenedorVacio !@PesoNetoMercancia }
cartaporte30:FiguraTransporte = >cartaporte30:TiposFigura
cartaporte30:TiposFigura = !@TipoFigura ?@RFCFigura ?@NumLicencia !@NombreFigura ?@NumRegIdTribFigura
  ?@ResidenciaFiscalFigura >cartaporte30:PartesTransporte *cartaporte30:Domicilio{ ?@Calle ?@NumeroExterior
  ?@NumeroInterior ?@Colonia ?@Localidad ?@Referencia ?@Municipio !@Estado !@Pais !@CodigoPostal }
cartaporte30:PartesTransporte = !@ParteTransporte
// CartaPorte31.xslt
cartaporte31:CartaPorte = !@Version !@IdCCP !@TranspInternac ?@EntradaSalidaMerc ?@PaisOrigenDestino
  ?@ViaEntradaSalida ?@TotalDistRec ?@RegistroISTMO ?@UbicacionPoloOrigen ?@UbicacionPoloDestino
  >cartaporte31:RegimenesAduaneros >cartaporte31:Ubicaciones >cartaporte31:Mercancias
  >cartaporte31:FiguraTransporte
cartaporte31:RegimenesAduaneros = >cartaporte31:RegimenAduaneroCCP
cartaporte31:RegimenAduaneroCCP = !@RegimenAduanero
cartaporte31:Ubicaciones = >cartaporte31:Ubicacion
cartaporte31:Ubicacion = !@TipoUbicacion ?@IDUbicacion !@RFCRemitenteDestinatario
  ?@NombreRemitenteDestinatario ?@NumRegIdTrib ?@ResidenciaFiscal ?@NumEstacion ?@NombreEstacion
  ?@NavegacionTrafico !@FechaHoraSalidaLlegada ?@TipoEstacion ?@DistanciaRecorrida *cartaporte31:Domicilio{
  ?@Calle ?@NumeroExterior ?@NumeroInterior ?@Colonia ?@Localidad ?@Referencia ?@Municipio !@Estado !@Pais
  !@CodigoPostal }
cartaporte31:Mercancias = !@PesoBrutoTotal !@UnidadPeso ?@PesoNetoTotal !@NumTotalMercancias
  ?@CargoPorTasacion ?@LogisticaInversaRecoleccionDevolucion >cartaporte31:Mercancia
  >cartaporte31:Autotransporte >cartaporte31:TransporteMaritimo >cartaporte31:TransporteAereo
  >cartaporte31:TransporteFerroviario
cartaporte31:Mercancia = !@BienesTransp ?@ClaveSTCC !@Descripcion !@Cantidad !@ClaveUnidad ?@Unidad
  ?@Dimensiones ?@MaterialPeligroso ?@CveMaterialPeligroso ?@Embalaje ?@DescripEmbalaje ?@SectorCOFEPRIS
  ?@NombreIngredienteActivo ?@NomQuimico ?@DenominacionGenericaProd ?@DenominacionDistintivaProd
  ?@Fabricante ?@FechaCaducidad ?@LoteMedicamento ?@FormaFarmaceutica ?@CondicionesEspTransp
  ?@RegistroSanitarioFolioAutorizacion ?@PermisoImportacion ?@FolioImpoVUCEM ?@NumCAS ?@RazonSocialEmpImp
  ?@NumRegSanPlagCOFEPRIS ?@DatosFabricante ?@DatosFormulador ?@DatosMaquilador ?@UsoAutorizado !@PesoEnKg
  ?@ValorMercancia ?@Moneda ?@FraccionArancelaria ?@UUIDComercioExt ?@TipoMateria ?@DescripcionMateria
  >cartaporte31:DocumentacionAduanera >cartaporte31:GuiasIdentificacion >cartaporte31:CantidadTransporta
  >cartaporte31:DetalleMercancia
cartaporte31:DocumentacionAduanera = !@TipoDocumento ?@NumPedimento ?@IdentDocAduanero ?@RFCImpo
cartaporte31:GuiasIdentificacion = !@NumeroGuiaIdentificacion !@DescripGuiaIdentificacion
  !@PesoGuiaIdentificacion
cartaporte31:CantidadTransporta = !@Cantidad !@IDOrigen !@IDDestino ?@CvesTransporte
cartaporte31:DetalleMercancia = !@UnidadPesoMerc !@PesoBruto !@PesoNeto !@PesoTara ?@NumPiezas
cartaporte31:Autotransporte = !@PermSCT !@NumPermisoSCT >cartaporte31:IdentificacionVehicular
  >cartaporte31:Seguros >cartaporte31:Remolques
cartaporte31:IdentificacionVehicular = !@ConfigVehicular !@PesoBrutoVehicular !@PlacaVM !@AnioModeloVM
cartaporte31:Seguros = !@AseguraRespCivil !@PolizaRespCivil ?@AseguraMedAmbiente ?@PolizaMedAmbiente
  ?@AseguraCarga ?@PolizaCarga ?@PrimaSeguro
cartaporte31:Remolques = >cartaporte31:Remolque
cartaporte31:Remolque = !@SubTipoRem !@Placa
cartaporte31:TransporteMaritimo = ?@PermSCT ?@NumPermisoSCT ?@NombreAseg ?@NumPolizaSeguro !@TipoEmbarcacion
  !@Matricula !@NumeroOMI ?@AnioEmbarcacion ?@NombreEmbarc !@NacionalidadEmbarc !@UnidadesDeArqBruto
  !@TipoCarga ?@Eslora ?@Manga ?@Calado ?@Puntal ?@LineaNaviera !@NombreAgenteNaviero
  !@NumAutorizacionNaviero ?@NumViaje ?@NumConocEmbarc ?@PermisoTempNavegacion >cartaporte31:Contenedor
cartaporte31:Contenedor = !@TipoContenedor ?@MatriculaContenedor ?@NumPrecinto ?@IdCCPRelacionado
  ?@PlacaVMCCP ?@FechaCertificacionCCP >cartaporte31:RemolquesCCP
cartaporte31:RemolquesCCP = >cartaporte31:RemolqueCCP
cartaporte31:RemolqueCCP = !@SubTipoRemCCP !@PlacaCCP
cartaporte31:TransporteAereo = !@PermSCT !@NumPermisoSCT ?@MatriculaAeronave ?@NombreAseg ?@NumPolizaSeguro
  !@NumeroGuia ?@LugarContrato !@CodigoTransportista ?@RFCEmbarcador ?@NumRegIdTribEmbarc
  ?@ResidenciaFiscalEmbarc ?@NombreEmbarcador
cartaporte31:TransporteFerroviario = !@TipoDeServicio !@TipoDeTrafico ?@NombreAseg ?@NumPolizaSeguro
  >cartaporte31:DerechosDePaso >cartaporte31:Carro
cartaporte31:DerechosDePaso = !@TipoDerechoDePaso !@KilometrajePagado
cartaporte31:Carro = !@TipoCarro !@MatriculaCarro !@GuiaCarro !@ToneladasNetasCarro
  *cartaporte31:Contenedor{ !@TipoContenedor !@PesoContenedorVacio !@PesoNetoMercancia }
cartaporte31:FiguraTransporte = >cartaporte31:TiposFigura
cartaporte31:TiposFigura = !@TipoFigura ?@RFCFigura ?@NumLicencia !@NombreFigura ?@NumRegIdTribFigura
  ?@ResidenciaFiscalFigura >cartaporte31:PartesTransporte *cartaporte31:Domicilio{ ?@Calle ?@NumeroExterior
  ?@NumeroInterior ?@Colonia ?@Localidad ?@Referencia ?@Municipio !@Estado !@Pais !@CodigoPostal }
cartaporte31:PartesTransporte = !@ParteTransporte
`;
