/**
 * The error catalog in Spanish, as a Mexican accountant reads it: the title and remediation of
 * every code of `ERROR_CATALOG` (catalog.ts), which stays the one list of codes and statuses.
 * Typed by the catalog's codes, so a code without its Spanish is a type error.
 */
import type { ErrorCode } from './catalog.ts';

interface SpanishDefinition {
  title: string;
  remediation: string;
}

export const ERROR_CATALOG_ES: Record<ErrorCode, SpanishDefinition> = {
  'request.invalid_version': {
    title: 'Versión de la API desconocida',
    remediation:
      'Envíe en `Invoice-Version` una versión que liste GET /v1/versions (por ejemplo 2026-07-15), u omítala para usar la fijada en la llave o la vigente. Si la llave está fijada a una versión retirada, vuelva a fijarla con PATCH /v1/api_keys/{id}.',
  },
  'request.validation_failed': {
    title: 'Hay datos que corregir',
    remediation: 'Corrija cada dato que se indica en la lista de errores y vuelva a enviar la solicitud.',
  },
  'resource.not_found': {
    title: 'No se encontró el registro',
    remediation:
      'Revise el id y que el modo (pruebas o producción), la organización y la cuenta sean los mismos con los que se creó; consulte el listado para encontrar un id válido.',
  },
  'rate_limit.exceeded': {
    title: 'Demasiadas solicitudes',
    remediation:
      'Espere los segundos que indica `Retry-After` y vuelva a intentarlo, espaciando las solicitudes. Las consultas y los cambios tienen límites separados.',
  },
  'internal.error': {
    title: 'Error interno',
    remediation:
      'Vuelva a intentarlo en unos momentos (repetir un envío con la misma `Idempotency-Key` es seguro); si el error continúa, comuníquese con soporte e indique el `request_id`.',
  },
  'idempotency.key_reuse': {
    title: 'Llave de idempotencia usada con otra solicitud',
    remediation:
      'Use una `Idempotency-Key` nueva para una solicitud distinta. Cada llave queda ligada a su primera solicitud durante 24 horas; para repetirla, envíe exactamente el mismo contenido.',
  },
  'idempotency.key_processing': {
    title: 'La solicitud con esta llave de idempotencia sigue en proceso',
    remediation:
      'Espere a que termine la primera solicitud con esta `Idempotency-Key` y repita con la misma llave y el mismo contenido para recibir su respuesta.',
  },
  'auth.unauthorized': {
    title: 'Falta la llave de API o no es válida',
    remediation: 'Envíe `Authorization: Bearer <llave>` con una llave activa sk_test_ o sk_live_; las llaves se crean con POST /v1/api_keys.',
  },
  'auth.key_revoked': {
    title: 'Llave de API revocada',
    remediation: 'La revocación es inmediata y definitiva: use otra llave activa del mismo modo o cree una con POST /v1/api_keys.',
  },
  'org.bootstrap_disabled': {
    title: 'La creación de organizaciones está desactivada',
    remediation: 'Pida una llave de API a quien opera este servidor. Crear organizaciones por la API solo es posible fuera de producción.',
  },
  'catalog.not_found': { title: 'Catálogo desconocido', remediation: 'Use uno de los catálogos que lista GET /v1/catalogs.' },
  'connect.account_disabled': {
    title: 'Cuenta conectada desactivada',
    remediation: 'Deje de operar como esta cuenta, o reactívela con PATCH /v1/accounts/{id} y `{"disabled": false}` usando la llave de la plataforma.',
  },
  'connect.account_not_authorized': {
    title: 'No es una cuenta conectada de esta plataforma',
    remediation:
      'Envíe en `Invoice-Account` el id de una cuenta que liste GET /v1/accounts para la organización de la llave, u omita el encabezado para operar como su propia organización.',
  },
  'connect.nesting_not_allowed': {
    title: 'Las cuentas conectadas no se pueden anidar',
    remediation:
      'Use la llave de la organización plataforma y omita `Invoice-Account`: una cuenta conectada no puede tener ni operar otras cuentas conectadas.',
  },
  'connect.not_supported_here': {
    title: 'Aquí no se acepta Invoice-Account',
    remediation:
      'Quite el encabezado `Invoice-Account`: las llaves de API solo las administra la organización que las tiene, nunca a nombre de una cuenta conectada.',
  },
  'dashboard.csrf_failed': {
    title: 'La solicitud no viene del panel',
    remediation:
      'Haga el cambio desde la página del panel. Si el problema sigue, recargue la página o vuelva a iniciar sesión. Los programas deben usar una llave de API en lugar de la sesión.',
  },
  'dashboard.email_in_use': {
    title: 'El correo ya está registrado',
    remediation: 'Inicie sesión con este correo o regístrese con otra dirección.',
  },
  'dashboard.invalid_credentials': {
    title: 'Correo o contraseña incorrectos',
    remediation: 'Revise el correo y la contraseña e intente de nuevo; después de varios intentos fallidos el acceso se bloquea 15 minutos.',
  },
  'dashboard.pages_unavailable': {
    title: 'El panel no está disponible',
    remediation: 'Faltan los archivos del panel en este servidor, aunque la API sigue funcionando; pida a quien lo opera que lo reinstale.',
  },
  'dashboard.session_required': {
    title: 'Inicie sesión',
    remediation: 'Vuelva a iniciar sesión en el panel: la sesión no existe o ya expiró.',
  },
  'dashboard.too_many_attempts': {
    title: 'Demasiados intentos de inicio de sesión',
    remediation:
      'Espere el tiempo indicado antes de intentar de nuevo: 15 minutos tras varios intentos fallidos con un correo o varios registros desde una misma dirección, y de unos segundos a un minuto mientras se frena una dirección con muchos intentos fallidos.',
  },
  'dashboard.weak_password': {
    title: 'Contraseña demasiado fácil de adivinar',
    remediation:
      'Elija otra contraseña; el detalle explica por qué esta es fácil de adivinar. Varias palabras poco comunes funcionan bien; no sirven contraseñas comunes o filtradas, secuencias del teclado, fechas, caracteres repetidos ni su correo o el nombre de su organización.',
  },
  'cfdi.invalid_input': {
    title: 'La factura tiene datos que corregir',
    remediation: 'Corrija cada dato que se indica en la lista de errores y vuelva a crear la factura.',
  },
  'cfdi.csd_expired': {
    title: 'CSD vencido o aún no vigente',
    remediation: 'Suba un CSD vigente al perfil fiscal (certificado .cer, llave privada .key y su contraseña); si venció, renuévelo en el SAT.',
  },
  'cfdi.csd_rfc_mismatch': {
    title: 'El CSD no corresponde al RFC del emisor',
    remediation: 'Selle con un CSD emitido al RFC del emisor: facture desde el perfil fiscal dueño de este certificado o cambie el CSD del perfil.',
  },
  'cfdi.emisor_not_in_lco': {
    title: 'El emisor no aparece en la lista de contribuyentes del SAT (LCO)',
    remediation:
      'La LCO del SAT no muestra este RFC con un CSD vigente. Un CSD nuevo puede tardar de 24 a 72 horas en aparecer: intente más tarde; si no, regularice las obligaciones del RFC ante el SAT.',
  },
  'cfdi.fecha_in_future': {
    title: 'La fecha del comprobante es futura',
    remediation: 'Genere y selle de nuevo el CFDI con una fecha que no sea posterior a la hora local del lugar de expedición.',
  },
  'cfdi.fecha_out_of_range': {
    title: 'La fecha está fuera del plazo para timbrar',
    remediation: 'Genere de nuevo el CFDI con la fecha actual (dentro de las últimas 72 horas, hora de México), séllelo y timbre.',
  },
  'cfdi.fecha_too_old': {
    title: 'La fecha tiene más de 72 horas',
    remediation:
      'El timbrado debe hacerse dentro de las 72 horas siguientes a la fecha del comprobante: cree la factura de nuevo (recibe la fecha actual) y timbre.',
  },
  'cfdi.invalid_fecha': {
    title: 'Fecha con formato no válido',
    remediation: 'Escriba la fecha como `AAAA-MM-DDTHH:mm:ss`, sin zona horaria ni fracciones de segundo; por ejemplo 2026-07-15T10:30:00.',
  },
  'cfdi.invalid_expression': {
    title: 'Consulta de estatus en el SAT no válida',
    remediation:
      'Tome los datos del XML timbrado: los RFC del emisor y del receptor tal como aparecen, el total tal como aparece y el folio fiscal (UUID) del timbre.',
  },
  'cfdi.malformed_sello': {
    title: 'Sello mal formado',
    remediation:
      'Envíe el sello en base64 de la firma RSA-SHA256 de la cadena original (344 caracteres para un CSD de 2048 bits), sin espacios ni saltos de línea.',
  },
  'cfdi.malformed_xml': {
    title: 'El XML no cumple el esquema del CFDI 4.0',
    remediation: 'Corrija el XML para que cumpla el esquema cfdv40.xsd del SAT; una validación (POST /v1/validations) indica cada elemento con error.',
  },
  'cfdi.missing_tax_rate': {
    title: 'Falta la tasa o cuota del impuesto',
    remediation: 'Indique la tasa o cuota con seis decimales (por ejemplo 0.160000) en cada impuesto de tipo Tasa o Cuota.',
  },
  'cfdi.missing_uso': {
    title: 'Falta el uso del CFDI',
    remediation: 'Indique el uso del CFDI del cliente (catálogo c_UsoCFDI, por ejemplo G03 o S01).',
  },
  'cfdi.no_tfd': {
    title: 'El CFDI no está timbrado',
    remediation: 'Solo un CFDI timbrado tiene timbre fiscal digital: timbre primero la factura o envíe el XML timbrado.',
  },
  'cfdi.not_a_csd': {
    title: 'Se usó la e.firma para sellar una factura',
    remediation: 'Las facturas se sellan con el CSD (certificado de sello digital), no con la e.firma: suba al perfil fiscal el .cer y el .key del CSD.',
  },
  'cfdi.not_comprobante': {
    title: 'No es un comprobante CFDI 4.0',
    remediation: 'Envíe un documento cuyo elemento raíz sea cfdi:Comprobante, del espacio de nombres http://www.sat.gob.mx/cfd/4, con Version="4.0".',
  },
  'cfdi.not_found': {
    title: 'El SAT no encuentra el CFDI',
    remediation:
      'Compare el folio fiscal, los RFC y el total con el XML. Un CFDI recién timbrado puede tardar hasta 72 horas en llegar al SAT: consulte más tarde.',
  },
  'cfdi.objeto_imp_02_without_taxes': {
    title: 'Concepto objeto de impuesto sin impuestos',
    remediation: 'Agregue al menos un impuesto al concepto, o márquelo con objeto de impuesto 01 (no objeto de impuesto).',
  },
  'cfdi.objeto_imp_dr_02_without_taxes': {
    title: 'Documento relacionado objeto de impuesto sin impuestos',
    remediation: 'Agregue los impuestos del documento relacionado (ImpuestosDR) o márquelo con ObjetoImpDR 01.',
  },
  'cfdi.parse_error': {
    title: 'El XML está mal formado',
    remediation: 'Envíe un XML bien formado en UTF-8: cierre cada etiqueta, escape & y <, y no incluya DOCTYPE (se rechaza).',
  },
  'cfdi.pdf_dependencies_missing': {
    title: 'No se puede generar el PDF',
    remediation:
      'Al servidor le faltan los componentes para generar PDF; el XML sigue disponible. Pida a quien lo opera que lo reinstale y vuelva a solicitar el PDF.',
  },
  'cfdi.pdf_requires_stamp': { title: 'El PDF requiere un CFDI timbrado', remediation: 'Timbre primero la factura y después solicite su PDF.' },
  'cfdi.retencion_exento': {
    title: 'Retención exenta',
    remediation: 'Las retenciones deben ser de tipo Tasa o Cuota con su tasa o cuota; Exento solo aplica a impuestos trasladados.',
  },
  'cfdi.sello_injection_failed': {
    title: 'No se pudo agregar el sello',
    remediation: 'Envíe un cfdi:Comprobante 4.0 bien formado: el sello y el certificado se escriben en su elemento raíz.',
  },
  'cfdi.sello_mismatch': {
    title: 'El sello no corresponde',
    remediation:
      'El contenido cambió después de sellarse o lo selló otra llave: genere de nuevo la cadena original del XML final y séllela con la llave privada del certificado indicado en NoCertificado.',
  },
  'cfdi.status_indeterminate': {
    title: 'El SAT no pudo determinar el estatus',
    remediation: 'El SAT no pudo determinar el estatus en este momento: consulte más tarde, respetando el tiempo de `Retry-After`.',
  },
  'cfdi.unknown_currency': {
    title: 'Moneda desconocida',
    remediation: 'Use una clave ISO 4217 del catálogo c_Moneda del SAT, por ejemplo MXN o USD.',
  },
  'invoice.already_stamped': {
    title: 'La factura ya está timbrada',
    remediation: 'No hace falta nada más: consulte la factura. Para cambiar una factura timbrada, cancélela y emita una nueva.',
  },
  'invoice.cancellation_in_progress': {
    title: 'La cancelación ya fue solicitada',
    remediation: 'No la solicite de nuevo: siga el estatus de la cancelación en la factura o espere el aviso de cancelación aceptada o rechazada.',
  },
  'invoice.cancellation_rejected': {
    title: 'Cancelación rechazada',
    remediation:
      'Verifique que el CFDI siga vigente, que el motivo sea el correcto y que, con motivo 01, el comprobante que lo sustituye esté timbrado; el acuse muestra la respuesta del SAT.',
  },
  'invoice.folio_contention': {
    title: 'No se pudo asignar el folio',
    remediation: 'Otra solicitud tomó el siguiente folio en el mismo momento: repita la solicitud con la misma `Idempotency-Key`.',
  },
  'invoice.folio_taken': {
    title: 'El folio ya se usó',
    remediation: 'Use otro folio para esta serie, o déjelo vacío para recibir el siguiente disponible.',
  },
  'invoice.no_xml': { title: 'Falta el XML sellado', remediation: 'Esta factura no tiene XML sellado que timbrar: créela de nuevo.' },
  'invoice.not_stampable': {
    title: 'La factura no es un borrador',
    remediation: 'Solo los borradores se pueden timbrar, modificar o eliminar: revise el estatus de la factura.',
  },
  'invoice.not_stamped': {
    title: 'La factura no está timbrada',
    remediation: 'Solo se cancelan facturas timbradas; un borrador se elimina.',
  },
  'invoice.pdf_requires_stamp': {
    title: 'El PDF requiere una factura timbrada',
    remediation: 'Timbre la factura y después descargue su PDF.',
  },
  'invoice.xml_requires_stamp': {
    title: 'El XML requiere una factura timbrada',
    remediation: 'Timbre la factura y después descargue su XML.',
  },
  'invoice.profile_missing_csd': {
    title: 'El perfil fiscal no tiene CSD',
    remediation: 'Suba al perfil fiscal el certificado (.cer), la llave privada (.key) y la contraseña del CSD, y vuelva a intentarlo.',
  },
  'invoice.substitute_not_stamped': {
    title: 'La factura que sustituye no está timbrada',
    remediation: 'Timbre primero la factura que sustituye y después cancele con motivo 01 indicándola.',
  },
  'invoice.substitute_required': {
    title: 'Falta la factura que sustituye',
    remediation: 'El motivo 01 requiere indicar la factura timbrada que sustituye a esta; si no hay sustitución, use el motivo 02.',
  },
  'cancel.already_cancelled': { title: 'El CFDI ya está cancelado', remediation: 'Considere la factura cancelada; no hace falta nada más.' },
  'cancel.date_after_declaration': {
    title: 'Cancelación posterior a la fecha de la declaración',
    remediation: 'El SAT ya no acepta cancelar este CFDI; corríjalo con una nota de crédito (CFDI de egreso).',
  },
  'cancel.global_invoice_deadline': {
    title: 'Venció el plazo para cancelar la factura global',
    remediation: 'Esta factura global ya no se puede cancelar; corríjala con una nota de crédito (CFDI de egreso).',
  },
  'cancel.in_process': {
    title: 'Cancelación en espera del receptor',
    remediation: 'No la reenvíe: el receptor tiene 72 horas hábiles para aceptarla o rechazarla. Consulte la factura o espere el aviso de cancelación.',
  },
  'cancel.motivo_invalid': {
    title: 'Motivo de cancelación no válido',
    remediation:
      'Use el motivo 01 (con errores, con relación), 02 (con errores, sin relación), 03 (no se llevó a cabo la operación) o 04 (operación nominativa relacionada en una factura global).',
  },
  'cancel.motivo_missing': {
    title: 'Falta el motivo de cancelación',
    remediation: 'Indique el motivo 01 a 04; con el 01 indique también la factura que sustituye.',
  },
  'cancel.no_acuse': {
    title: 'Aún no hay acuse de cancelación',
    remediation: 'El acuse existe solo cuando la cancelación fue aceptada: espere a que su estatus sea aceptada y vuelva a solicitarlo.',
  },
  'cancel.not_applicable': {
    title: 'El CFDI no se puede cancelar',
    remediation:
      'Otro CFDI vigente hace referencia a este (un complemento de pago o una nota de crédito, por ejemplo): cancele primero ese y vuelva a intentarlo.',
  },
  'cancel.not_cancellable': {
    title: 'El SAT indica que el CFDI no es cancelable',
    remediation: 'Cancele primero los CFDI relacionados con él, o corríjalo con una nota de crédito (CFDI de egreso).',
  },
  'cancel.not_primary_sector': {
    title: 'No es un CFDI del sector primario',
    remediation: 'Revise el folio fiscal: esta operación solo aplica a CFDI emitidos por contribuyentes del sector primario.',
  },
  'cancel.outside_annual_declaration': {
    title: 'Fuera del plazo de la declaración anual',
    remediation: 'El CFDI ya no se puede cancelar en su ejercicio fiscal; corríjalo con una nota de crédito (CFDI de egreso).',
  },
  'cancel.relation_invalid': {
    title: 'Relación no válida',
    remediation:
      'La factura que sustituye debe relacionarse con el folio fiscal de esta con el tipo de relación 04 (sustitución de los CFDI previos): créela de nuevo con esa relación, tímbrela y vuelva a cancelar.',
  },
  'cancel.request_received': {
    title: 'Solicitud de cancelación recibida',
    remediation:
      'No hace falta nada por ahora: el SAT la está procesando y el receptor tiene hasta 72 horas hábiles. Consulte la factura o espere el aviso de cancelación.',
  },
  'cancel.rfc_mismatch': { title: 'El RFC del emisor no coincide', remediation: 'Cancele desde el perfil fiscal cuyo RFC emitió el CFDI.' },
  'cancel.sat_service_unavailable': {
    title: 'Error en el servicio de cancelación del SAT',
    remediation: 'Vuelva a intentarlo en unos momentos, respetando el tiempo de `Retry-After`; no se registró nada.',
  },
  'cancel.substitution_folio_invalid': {
    title: 'Factura sustituta no válida',
    remediation: 'Indique como sustituta una factura timbrada del mismo emisor que reemplace a esta.',
  },
  'cancel.substitution_folio_not_required': {
    title: 'Este motivo no admite factura sustituta',
    remediation: 'Quite la factura sustituta, o use el motivo 01 si esta factura se está reemplazando.',
  },
  'cancel.user_invalid': {
    title: 'No está autorizado para cancelar',
    remediation: 'Cancele con el perfil fiscal del emisor del CFDI: su RFC debe ser el del emisor.',
  },
  'cancel.uuid_not_found': {
    title: 'El SAT no encuentra el folio fiscal',
    remediation: 'Revise el folio fiscal (UUID). Un CFDI recién timbrado puede tardar hasta 72 horas en llegar al SAT: intente más tarde.',
  },
  'fiscal_profile.csd_expired': {
    title: 'CSD vencido o aún no vigente',
    remediation: 'Suba un CSD vigente hoy (vea las fechas de inicio y fin de vigencia del certificado); si venció, renuévelo en el SAT.',
  },
  'fiscal_profile.csd_is_fiel': {
    title: 'Se subió la e.firma en lugar del CSD',
    remediation: 'Suba en los campos del CSD el certificado de sello digital; la e.firma (FIEL) va en sus propios campos.',
  },
  'fiscal_profile.csd_rfc_mismatch': {
    title: 'El nuevo CSD es de otro RFC',
    remediation: 'El CSD que reemplaza al actual debe estar emitido al RFC del perfil; para otro RFC, cree un perfil fiscal nuevo.',
  },
  'fiscal_profile.fiel_required': {
    title: 'Se requiere la e.firma',
    remediation: 'Agregue la e.firma (certificado, llave privada y contraseña) al perfil fiscal, o envíela junto con la solicitud de la carta manifiesto.',
  },
  'fiscal_profile.in_use': {
    title: 'El perfil fiscal está en uso',
    remediation: 'Un perfil con facturas emitidas se conserva como registro y no se puede eliminar; en su lugar, reemplace su CSD.',
  },
  'fiscal_profile.invalid_csd': {
    title: 'No se pudo abrir el CSD',
    remediation: 'Envíe el .cer y el .key del mismo CSD, tal como los entrega el SAT, con la contraseña de la llave privada.',
  },
  'fiscal_profile.invalid_fiel': {
    title: 'No se pudo abrir la e.firma',
    remediation: 'Envíe el .cer y el .key de la misma e.firma, tal como los entrega el SAT, con la contraseña de la llave privada.',
  },
  'fiscal_profile.invalid_metadata_json': {
    title: 'Metadatos no válidos',
    remediation: 'Envíe los metadatos como un objeto JSON de claves y valores de texto, por ejemplo {"cliente_id":"42"}.',
  },
  'fiscal_profile.manifest_required': {
    title: 'Falta firmar la carta manifiesto',
    remediation: 'Firme la carta manifiesto con la e.firma del perfil y un correo de contacto, y vuelva a intentarlo.',
  },
  'manifest.email_required': { title: 'Falta el correo', remediation: 'Indique el correo de contacto que quedará en la carta manifiesto.' },
  'download.fiel_required': {
    title: 'El perfil fiscal no tiene e.firma',
    remediation: 'Agregue la e.firma del perfil: la descarga masiva se autentica en el SAT con la e.firma, no con el CSD.',
  },
  'download.invalid_range': {
    title: 'Periodo no válido',
    remediation: 'Indique una fecha inicial igual o anterior a la final (AAAA-MM-DD o AAAA-MM-DDTHH:mm:ss).',
  },
  'download.request_failed': {
    title: 'Falló la solicitud de descarga al SAT',
    remediation: 'Vuelva a intentarlo en unos momentos, respetando el tiempo de `Retry-After`; si continúa, divida el periodo en periodos más cortos.',
  },
  'download.no_request_id': { title: 'El SAT no registró la solicitud', remediation: 'Cree la descarga de nuevo.' },
  'download.poll_timeout': {
    title: 'El paquete no estuvo listo a tiempo',
    remediation: 'Cree una descarga nueva dividiendo los periodos amplios (por ejemplo, mes por mes) en lugar de repetir la misma.',
  },
  'download.unknown_error': {
    title: 'Falló la descarga',
    remediation: 'Lea en el error de la descarga el mensaje del SAT, corrija la causa y cree una descarga nueva.',
  },
  'sat.download_rejected': {
    title: 'El SAT rechazó la solicitud de descarga',
    remediation:
      'Verifique que la e.firma del perfil sea de su RFC y que el tipo (emitidos o recibidos) corresponda; el SAT acepta solo 2 solicitudes idénticas, así que cambie el periodo antes de volver a intentarlo.',
  },
  'manifiesto.already_signed': {
    title: 'La carta manifiesto ya está firmada',
    remediation: 'No hace falta nada: la carta manifiesto de este RFC ya está firmada.',
  },
  'manifiesto.bad_request': {
    title: 'Solicitud de carta manifiesto no válida',
    remediation: 'Envíe la e.firma (certificado, llave privada y contraseña) y el correo, todos con valor.',
  },
  'manifiesto.bad_sello': {
    title: 'Firma con e.firma no válida',
    remediation: 'La llave privada no corresponde a su certificado: envíe el .cer y el .key de la misma e.firma con la contraseña correcta.',
  },
  'manifiesto.certificate_error': {
    title: 'Error en el certificado de la e.firma',
    remediation: 'Envíe un certificado de e.firma vigente, emitido por el SAT al RFC del perfil.',
  },
  'manifiesto.certificate_not_sat': {
    title: 'El certificado no lo emitió el SAT',
    remediation: 'Use el certificado de la e.firma que emite el SAT, no uno autofirmado o de un tercero.',
  },
  'manifiesto.certificate_not_valid': {
    title: 'e.firma vencida o revocada',
    remediation: 'Renueve la e.firma en el SAT y firme de nuevo con la nueva.',
  },
  'manifiesto.contract_not_valid': {
    title: 'El contrato de firma no es válido',
    remediation:
      'El servicio de firma no acepta el contrato de este servicio: intente más tarde y, si continúa, comuníquese con soporte indicando el `request_id`.',
  },
  'manifiesto.invalid_certificate': {
    title: 'Certificado de e.firma no válido',
    remediation: 'Envíe el .cer de la e.firma (no el del CSD).',
  },
  'manifiesto.invalid_credentials': {
    title: 'El servicio de firma rechazó las credenciales',
    remediation: 'Es un problema de configuración del servidor y repetir no ayudará: comuníquese con soporte indicando el `request_id`.',
  },
  'manifiesto.invalid_response': {
    title: 'Respuesta no válida del servicio de firma',
    remediation: 'Vuelva a intentarlo en unos momentos; si continúa, comuníquese con soporte indicando el `request_id`.',
  },
  'manifiesto.malformed_contract': {
    title: 'Contrato mal formado',
    remediation: 'Intente una vez más; si vuelve a fallar, comuníquese con soporte indicando el `request_id`.',
  },
  'manifiesto.malformed_xml': {
    title: 'El servicio de firma no entendió la solicitud',
    remediation: 'Intente una vez más; si vuelve a fallar, comuníquese con soporte indicando el `request_id`.',
  },
  'manifiesto.network_error': { title: 'No se pudo contactar al servicio de firma', remediation: 'Vuelva a intentarlo en unos momentos.' },
  'manifiesto.provider_error': {
    title: 'Error en el servicio de firma',
    remediation: 'Vuelva a intentarlo en unos momentos; si continúa, comuníquese con soporte indicando el `request_id`.',
  },
  'manifiesto.signed': { title: 'Carta manifiesto firmada', remediation: '' },
  'manifiesto.xml_generation_error': {
    title: 'No se pudo generar el XML firmado',
    remediation: 'Vuelva a intentarlo en unos momentos; si continúa, revise los archivos de la e.firma y comuníquese con soporte indicando el `request_id`.',
  },
  'pac.auth_failed': {
    title: 'El PAC rechazó las credenciales',
    remediation:
      'No lo intente de nuevo: las credenciales del proveedor de certificación configuradas en el servidor son incorrectas. Pida a quien opera el servidor que las corrija.',
  },
  'pac.certificate_invalid': {
    title: 'El PAC rechazó el certificado',
    remediation: 'Suba al perfil fiscal un CSD válido emitido por el SAT al RFC del emisor y vuelva a timbrar.',
  },
  'pac.certificate_revoked': {
    title: 'CSD revocado o fuera de vigencia',
    remediation: 'Tramite un CSD nuevo en el SAT y súbalo al perfil fiscal; no lo intente de nuevo con el mismo.',
  },
  'pac.contract_invalid': {
    title: 'La cuenta de timbrado no está disponible',
    remediation: 'La cuenta con el PAC no existe, venció o no tiene timbres; pida a quien opera el servidor que la renueve. Repetir no ayudará.',
  },
  'invoice.stamp_collision': {
    title: 'Se timbró un CFDI idéntico en el mismo segundo',
    remediation:
      'Otra factura del mismo emisor, con el mismo contenido, se selló en el mismo segundo y se timbró primero; vuelva a timbrar esta factura pasado el tiempo de `Retry-After`: su nueva fecha la hace un CFDI distinto.',
  },
  'service.overloaded': {
    title: 'Hay más trabajo en espera del que el servicio puede atender',
    remediation:
      'Vuelva a intentarlo pasados los segundos de `Retry-After`; mientras el servicio atiende lo pendiente, primero se rechazan las solicitudes pesadas (PDF, timbrado, archivos, validaciones).',
  },
  'metrics.unauthorized': {
    title: 'Se requiere el token de métricas',
    remediation:
      '`GET /metrics` en el puerto de la API solo responde al token del operador: envíe `Authorization: Bearer <METRICS_TOKEN>`, o consulte el puerto privado que abre METRICS_PORT.',
  },
  'receptor.invalid': {
    title: 'El cliente no es un receptor válido de CFDI 4.0',
    remediation:
      'Corrija cada dato listado en `errors` tal como aparece en la Constancia de Situación Fiscal del cliente: el RFC, el régimen fiscal (c_RegimenFiscal, de persona física o moral según el RFC), el código postal fiscal de 5 dígitos y el uso de CFDI predeterminado permitido para ese régimen.',
  },
  'receptor.rfc_not_verified': {
    title: 'La validación del RFC rechazó al cliente',
    remediation:
      'La validación de RFC del SAT (la del simulador, en modo de prueba) no conoce este RFC, o lo tiene registrado con otro nombre o código postal fiscal; cada entrada de `errors` trae el código del SAT (CFDI40144, CFDI40145, CFDI40147). Copie el nombre (sin el régimen de capital, como S.A. de C.V.) y el código postal de la Constancia de Situación Fiscal del cliente.',
  },
  'receptor.rfc_validation_unavailable': {
    title: 'Validación de RFC no disponible',
    remediation: 'El servicio de validación de RFC no respondió: vuelva a guardar en unos segundos, con la misma `Idempotency-Key`.',
  },
  'product.invalid_item': {
    title: 'El producto no es un concepto válido de CFDI 4.0',
    remediation:
      'Corrija cada dato listado en `errors`: la clave de producto o servicio (c_ClaveProdServ, 8 dígitos) y la clave de unidad (c_ClaveUnidad) deben estar vigentes, el precio debe ser un número decimal en texto y los impuestos deben corresponder al objeto de impuesto (02 requiere impuestos).',
  },
  'catalog.import_rejected': {
    title: 'Importación de catálogo rechazada',
    remediation:
      'Corrija el archivo, la línea y la columna que indica el mensaje (docs/guides/catalogs.md, "Files") y envíe la importación de nuevo; no se importó nada.',
  },
  'catalog.load_in_progress': {
    title: 'Ya se está cargando este catálogo',
    remediation:
      'Otra importación (o la carga de los catálogos incluidos) está escribiendo el mismo catálogo: envíe la importación de nuevo cuando GET /v1/catalogs ya no lo muestre en carga.',
  },
  'admin.unauthorized': {
    title: 'Falta el token de operador o no es válido',
    remediation: 'Envíe `Authorization: Bearer <ADMIN_TOKEN>` con el token de operador con el que se inició el servidor.',
  },
  'admin.disabled': {
    title: 'Los endpoints de operador están desactivados',
    remediation:
      'Inicie el servidor con ADMIN_TOKEN (de al menos 32 caracteres) para usar los endpoints de operador, o ejecute el comando con el servidor detenido.',
  },
  'dashboard.already_member': {
    title: 'Ya es miembro',
    remediation: 'El correo ya pertenece a un miembro de esta organización: cambie el rol de ese miembro en la página de miembros en lugar de invitarlo.',
  },
  'dashboard.forbidden_role': {
    title: 'Su rol no permite esta operación',
    remediation:
      'Su rol en esta organización no permite esta operación (docs/guides/team.md indica lo que puede hacer cada rol): pida a un propietario o a un administrador otro rol, o use una llave de API, que actúa por toda la organización.',
  },
  'dashboard.invitation_email_mismatch': {
    title: 'La invitación es para otro correo',
    remediation:
      'Inicie sesión con el correo al que se envió la invitación (la página de la invitación lo muestra), o cree la cuenta de ese correo desde la misma página.',
  },
  'dashboard.invitation_invalid': {
    title: 'La invitación no es válida',
    remediation:
      'Un enlace de invitación funciona una sola vez, durante 7 días, y solo el más reciente para cada correo: pida una invitación nueva a un propietario o administrador de la organización.',
  },
  'dashboard.last_owner': {
    title: 'Es el último propietario',
    remediation: 'Una organización siempre conserva un propietario: primero haga propietario a otro miembro y después cambie o quite a este.',
  },
  'dashboard.member_not_found': {
    title: 'No se encontró el miembro',
    remediation: 'Use el identificador de un usuario que liste GET /dashboard/api/members para la organización de la sesión.',
  },
  'dashboard.no_membership': {
    title: 'Sin organización',
    remediation: 'Esta cuenta fue retirada de todas las organizaciones a las que pertenecía: pida a un propietario o administrador que la invite de nuevo.',
  },
  'dashboard.organization_not_found': {
    title: 'No se encontró la organización',
    remediation: 'Cambie solo a una organización que liste GET /dashboard/api/organizations: aquellas de las que esta cuenta es miembro.',
  },
  'dashboard.reset_token_invalid': {
    title: 'El enlace para restablecer la contraseña no es válido',
    remediation: 'Un enlace de restablecimiento funciona una sola vez y durante una hora: solicite otro con POST /dashboard/api/password_reset.',
  },
  'invoice.email_requires_stamp': {
    title: 'Para enviar por correo la factura debe estar timbrada',
    remediation: 'Timbre la factura con POST /v1/invoices/{id}/stamp y después solicite POST /v1/invoices/{id}/email.',
  },
  'invoice.email_no_recipients': {
    title: 'No hay a quién enviar la factura',
    remediation: 'Indique los correos en `recipients`, o asigne a la factura un `customer.email` mientras es borrador.',
  },
  'invoice.email_duplicate_recipient': {
    title: 'El mismo destinatario dos veces',
    remediation: 'Indique cada correo de `email.recipients` una sola vez (no se distinguen mayúsculas de minúsculas).',
  },
  'invoice.email_not_configured': {
    title: 'No hay servidor de correo configurado',
    remediation:
      'El operador configura SMTP_URL (y MAIL_FROM) y reinicia el servicio; en producción el servicio nunca guarda los mensajes en lugar de enviarlos.',
  },
  'export.not_ready': {
    title: 'El archivo de la exportación aún no está listo',
    remediation:
      'Espere a que el `status` de la exportación sea `completed` (GET /v1/exports/{id} muestra su avance, o suscríbase a `export.completed`); una exportación `failed` no tiene archivo: créela de nuevo.',
  },
  'export.expired': {
    title: 'El archivo de la exportación venció',
    remediation: 'El archivo se borra 24 horas después de generarse; cree la exportación de nuevo con POST /v1/exports.',
  },
  'export.build_failed': {
    title: 'No se pudo generar la exportación',
    remediation: 'Lea el `error.detail` de la exportación y créela de nuevo (los mismos filtros seleccionan los mismos CFDI).',
  },
  'service.unavailable': {
    title: 'Servicio no disponible por un momento',
    remediation:
      'El servicio no alcanza su base de datos por un momento (un reinicio o un cambio de servidor). Vuelva a intentarlo pasados los segundos de `Retry-After`, con la misma `Idempotency-Key`. Un cambio que recibió esta respuesta se registró completo o no se registró, casi siempre no: antes de repetir una creación cuyo duplicado importe, búsquela.',
  },
  'service.task_timeout': {
    title: 'El trabajo tardó demasiado',
    remediation:
      'El servicio detiene el trabajo pesado (un PDF, un sellado grande) que excede su tiempo límite; vuelva a intentarlo pasado el tiempo de `Retry-After` y, si se repite, comuníquese con soporte indicando el `request_id`.',
  },
  'pac.duplicate': {
    title: 'El CFDI ya está timbrado',
    remediation: 'Este mismo comprobante ya se timbró: consulte esa factura en lugar de timbrar de nuevo.',
  },
  'pac.internal_error': {
    title: 'Error del PAC',
    remediation: 'Vuelva a intentarlo en unos momentos con la misma `Idempotency-Key`; la idempotencia evita un timbrado duplicado.',
  },
  'balance.insufficient_credits': {
    title: 'No quedan timbres',
    remediation:
      'Pida a quien opera el servidor que le asigne timbres y vuelva a timbrar; el saldo muestra los que quedan. El modo de pruebas no consume timbres.',
  },
  'request.invalid_json': { title: 'JSON no válido', remediation: 'Envíe un cuerpo JSON bien formado con `Content-Type: application/json`.' },
  'request.unsupported_media_type': {
    title: 'Tipo de contenido no admitido',
    remediation:
      'Envíe el cuerpo con un `Content-Type` que acepte este servicio, normalmente `application/json`; la referencia de la API indica cuáles acepta cada uno.',
  },
  'request.body_too_large': {
    title: 'La solicitud es demasiado grande',
    remediation: 'Envíe un contenido más pequeño; el límite lo fija quien opera el servidor (1 MiB si no se configuró otro).',
  },
  'request.route_not_found': {
    title: 'No existe ese servicio',
    remediation: 'Revise el método y la ruta en la referencia de la API (/docs); las rutas de la API empiezan con /v1.',
  },
  'request.invalid_cursor': {
    title: 'Cursor de paginación no válido',
    remediation: 'Indique en `starting_after` o `ending_before` el `id` de un registro de la misma lista, tal como aparece en `data`.',
  },
  'idempotency.key_invalid': {
    title: 'Idempotency-Key no válida',
    remediation: 'Envíe una `Idempotency-Key` de 1 a 255 caracteres ASCII imprimibles, como un UUID v4, una por cada operación.',
  },
  'fiscal_profile.upload_too_large': {
    title: 'Archivo o campo demasiado grande',
    remediation:
      'Suba los archivos tal como los entrega el SAT: un .cer o un .key mide a lo más 16 KiB, un logotipo a lo más 512 KiB y un campo de texto a lo más 32 KiB; la lista de errores indica cuál.',
  },
  'fiscal_profile.too_many_parts': {
    title: 'Demasiadas partes en el formulario',
    remediation: 'Envíe cada campo una sola vez y solo los documentados: los archivos del CSD, de la e.firma y el logotipo, y los campos de texto del perfil.',
  },
  'fiscal_profile.invalid_upload': {
    title: 'Formulario mal formado',
    remediation: 'Envíe un formulario multipart/form-data bien formado, con su separador en `Content-Type`, o envíe JSON con los archivos en base64.',
  },
  'fiscal_profile.invalid_logo': {
    title: 'El logotipo no es una imagen PNG o JPEG',
    remediation: 'Suba el logotipo como archivo PNG o JPEG (a lo más 512 KiB); el formato se reconoce por el contenido del archivo, no por su nombre.',
  },
  'fiscal_profile.invalid_tax_regime': {
    title: 'El régimen fiscal no corresponde a este RFC',
    remediation:
      'Indique un régimen fiscal vigente del catálogo c_RegimenFiscal que aplique al tipo de persona del RFC (12 caracteres: persona moral; 13: persona física).',
  },
  'webhook.invalid_url': {
    title: 'URL de webhook no válida',
    remediation:
      'Registre una URL https:// completa, sin usuario, contraseña ni fragmento, cuyo dominio exista en el DNS público (http sin cifrar solo se acepta fuera de producción); por ejemplo https://example.com/webhooks.',
  },
  'webhook.url_not_allowed': {
    title: 'La URL del webhook apunta a una dirección privada',
    remediation:
      'Use una URL cuyo dominio apunte solo a direcciones IP públicas: se rechazan las de loopback, privadas, de enlace local, de NAT del operador, multicast y de metadatos de la nube (loopback se acepta fuera de producción). Para probar en su equipo, trabaje fuera de producción o publique su receptor con un túnel HTTPS.',
  },
  'webhook.endpoint_disabled': {
    title: 'Endpoint de webhook desactivado',
    remediation: 'Active el endpoint cuando vuelva a responder 2xx y reenvíe el evento.',
  },
  'webhook.test_rate_limited': {
    title: 'Demasiados eventos de prueba para este endpoint',
    remediation:
      'Cada endpoint de webhook admite 5 eventos de prueba por minuto; espere los segundos que indica `Retry-After`. Los envíos ya hechos están en su registro de entregas.',
  },
  'webhook.endpoint_limit_reached': {
    title: 'Demasiados endpoints de webhook',
    remediation: 'Elimine un endpoint que no use, o suscriba un solo endpoint a más tipos de evento; cada organización puede tener 16 endpoints por modo.',
  },
  'cfdi.xml_unavailable': {
    title: 'De este CFDI solo se guardan metadatos',
    remediation:
      'Cree una descarga de tipo CFDI para su periodo; el SAT no entrega el XML de los CFDI recibidos cancelados, de los que solo existen metadatos.',
  },
  'download.invalid_filter': {
    title: 'El SAT no atiende esta combinación',
    remediation:
      'Los CFDI recibidos cancelados solo se obtienen como metadatos: solicite metadatos con estatus cancelado, o quite el filtro de estatus para obtener XML.',
  },
  'download.over_limit': {
    title: 'Demasiados CFDI incluso en el periodo más corto',
    remediation:
      'El SAT rechazó incluso una hora del periodo por exceder su límite (200,000 XML o 1,000,000 de registros de metadatos); acote la descarga por RFC de la contraparte o por tipo de comprobante.',
  },
  'download.package_unavailable': {
    title: 'El paquete del SAT ya no está disponible',
    remediation: 'Cree la descarga de nuevo: el SAT conserva un paquete 72 horas después de terminar la solicitud y lo entrega a lo más dos veces.',
  },
};
