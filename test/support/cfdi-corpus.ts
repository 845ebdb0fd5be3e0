/**
 * Deterministic generator of varied CFDI 4.0 models for tests: the same seed always gives the
 * same Comprobante. The documents respect the structure and patterns of cfdv40.xsd, Pagos20.xsd,
 * TimbreFiscalDigitalv11.xsd, leyendasFisc.xsd, implocal.xsd and iedu.xsd (so they validate
 * against cfdi40-bundle.xsd), while their text is hostile on purpose: Ñ, &, quotes, <, >,
 * apostrophes, accents, emoji, non-breaking and other Unicode spaces, leading/trailing/repeated
 * spaces, and tabs/CR/LF in descriptions. Arithmetic is NOT consistent (totals are random).
 */
import type {
  CfdiRelacionados,
  Complemento,
  Comprobante,
  Concepto,
  ConceptoImpuestos,
  DoctoRelacionado,
  ElementoXml,
  Impuestos,
  Pago,
  Pagos,
  Parte,
  Retencion,
  TimbreFiscalDigital,
  Traslado,
} from '../../src/cfdi/model.ts';
import type { XmlElement } from '../../src/cfdi/xml/tree.ts';

/** mulberry32: tiny, fast, good enough for test data. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  maybe<T>(probability: number, make: () => T): T | undefined {
    return this.chance(probability) ? make() : undefined;
  }
  times<T>(min: number, max: number, make: (index: number) => T): T[] {
    return Array.from({ length: this.int(min, max) }, (_, index) => make(index));
  }
  digits(count: number): string {
    let result = '';
    for (let index = 0; index < count; index++) result += String(this.int(0, 9));
    return result;
  }
  chars(alphabet: string, count: number): string {
    const letters = [...alphabet];
    let result = '';
    for (let index = 0; index < count; index++) result += this.pick(letters);
    return result;
  }
}

const WORDS = [
  'ACME',
  'Ñandú',
  'PEÑA',
  'José',
  'Peña & Hijos',
  '"Comillas"',
  "O'Brien",
  '<etiqueta>',
  'a > b',
  'x<y',
  'Müller',
  'façade',
  'São Paulo',
  'Açúcar',
  'ÁÉÍÓÚ',
  'ü',
  '€100',
  '😀',
  'non\u00A0breaking',
  'em\u2003space',
  'SA DE CV',
  'S. de R.L.',
  'Servicios',
  'Tornillo',
  '1/2"',
  'café',
  'niño',
  '&amp;',
  '#1',
  '50%',
  '¿Qué?',
  '¡Sí!',
];
const SPACES = [' ', ' ', ' ', '  ', '   '];
const WILD_SPACES = [' ', '  ', '\t', '\n', '\r\n', ' \t ', '\n\n  '];
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Free text without '|' (forbidden by every SAT text pattern); `wild` allows tabs and newlines. */
export function hostileText(random: Random, maxWords: number, wild = false): string {
  const words = random.times(1, maxWords, () => random.pick(WORDS));
  const separators = wild ? WILD_SPACES : SPACES;
  let result = words.map((word, index) => (index === 0 ? word : random.pick(separators) + word)).join('');
  if (random.chance(0.2)) result = random.pick(separators) + result;
  if (random.chance(0.2)) result += random.pick(separators);
  return result;
}

function amount(random: Random, maxInteger = 99999, maxDecimals = 6): string {
  const integer = String(random.int(0, maxInteger));
  const decimals = random.int(0, maxDecimals);
  return decimals === 0 ? integer : `${integer}.${random.digits(decimals)}`;
}

function positive(random: Random, maxInteger = 99999, maxDecimals = 6): string {
  return String(random.int(1, maxInteger)) + (random.chance(0.7) ? `.${random.digits(random.int(1, maxDecimals))}` : '');
}

function date(random: Random): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `20${random.int(22, 26)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}T${pad(random.int(0, 23))}:${pad(random.int(0, 59))}:${pad(random.int(0, 59))}`;
}

function rfc(random: Random, letters = random.pick([3, 4])): string {
  const yymmdd = `${random.digits(2)}${String(random.int(1, 12)).padStart(2, '0')}${String(random.int(1, 28)).padStart(2, '0')}`;
  return random.chars(`${UPPER}&Ñ`, letters) + yymmdd + random.chars(`${UPPER}0123456789`, 2) + random.chars('0123456789A', 1);
}

function uuid(random: Random): string {
  const hex = (count: number): string => random.chars('0123456789ABCDEFabcdef', count);
  return `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`;
}

function base64(random: Random, bytes: number): string {
  return random.chars(BASE64, Math.ceil(bytes / 3) * 4);
}

function traslado(random: Random): Traslado {
  const kind = random.int(0, 3);
  if (kind === 0) return { Base: positive(random), Impuesto: '002', TipoFactor: 'Exento' };
  if (kind === 1)
    return { Base: positive(random), Impuesto: '003', TipoFactor: 'Cuota', TasaOCuota: `${random.int(0, 9)}.${random.digits(6)}`, Importe: amount(random) };
  return {
    Base: positive(random),
    Impuesto: random.pick(['002', '003']),
    TipoFactor: 'Tasa',
    TasaOCuota: random.pick(['0.160000', '0.080000', '0.000000', '0.265000']),
    Importe: amount(random),
  };
}

function retencion(random: Random): Retencion {
  const [impuesto, tasa] = random.pick([
    ['001', '0.100000'],
    ['001', '0.012500'],
    ['002', '0.106667'],
    ['002', '0.040000'],
    ['003', '0.080000'],
  ] as const);
  return { Base: positive(random), Impuesto: impuesto, TipoFactor: 'Tasa', TasaOCuota: tasa, Importe: amount(random) };
}

function conceptoImpuestos(random: Random): ConceptoImpuestos {
  const result: ConceptoImpuestos = {};
  if (random.chance(0.85)) result.Traslados = random.times(1, 3, () => traslado(random));
  if (random.chance(0.35) || !result.Traslados) result.Retenciones = random.times(1, 2, () => retencion(random));
  return result;
}

function pedimento(random: Random): { NumeroPedimento: string } {
  // cfdv40.xsd: two spaces between the groups (21 characters).
  return { NumeroPedimento: `${random.digits(2)}  ${random.digits(2)}  ${random.digits(4)}  ${random.digits(7)}` };
}

function parte(random: Random): Parte {
  const result: Parte = { ClaveProdServ: random.digits(8), Cantidad: positive(random, 999), Descripcion: hostileText(random, 4, true) };
  if (random.chance(0.3)) result.NoIdentificacion = hostileText(random, 2);
  if (random.chance(0.4)) result.Unidad = random.pick(['Pieza', 'Caja', 'Kg ', ' Ñ&<>']);
  if (random.chance(0.5)) result.ValorUnitario = amount(random);
  if (random.chance(0.5)) result.Importe = amount(random);
  if (random.chance(0.3)) result.InformacionAduanera = random.times(1, 2, () => pedimento(random));
  return result;
}

function element(namespace: string, prefix: string, local: string, attributes: Record<string, string | undefined>, children: XmlElement[] = []): XmlElement {
  const list = Object.entries(attributes).flatMap(([name, value]) => (value === undefined ? [] : [{ namespace: null, prefix: null, local: name, value }]));
  return { namespace, prefix, local, attributes: list, children };
}

const IEDU = 'http://www.sat.gob.mx/iedu';
const LEYENDAS = 'http://www.sat.gob.mx/leyendasFiscales';
const IMPLOCAL = 'http://www.sat.gob.mx/implocal';

function iedu(random: Random): ElementoXml {
  const curp = `${random.chars(UPPER, 1)}A${random.chars(UPPER, 2)}${random.digits(2)}0${random.int(1, 9)}1${random.int(0, 9)}H${random.chars(UPPER, 2)}${random.chars('BCDFG', 3)}${random.chars(UPPER, 1)}${random.digits(1)}`;
  return {
    Xml: element(IEDU, 'iedu', 'instEducativas', {
      version: '1.0',
      nombreAlumno: hostileText(random, 3),
      CURP: curp,
      nivelEducativo: random.pick(['Primaria', 'Profesional técnico', 'Bachillerato o su equivalente']),
      autRVOE: random.digits(random.int(1, 10)),
      rfcPago: random.chance(0.5) ? rfc(random) : undefined,
    }),
    SchemaLocation: `${IEDU} http://www.sat.gob.mx/sitio_internet/cfd/iedu/iedu.xsd`,
  };
}

function leyendas(random: Random): ElementoXml {
  const items = random.times(1, 3, () =>
    element(LEYENDAS, 'leyendasFisc', 'Leyenda', {
      disposicionFiscal: random.chance(0.5) ? hostileText(random, 2) : undefined,
      norma: random.chance(0.5) ? hostileText(random, 2) : undefined,
      textoLeyenda: hostileText(random, 6, true),
    }),
  );
  return {
    Xml: element(LEYENDAS, 'leyendasFisc', 'LeyendasFiscales', { version: '1.0' }, items),
    SchemaLocation: `${LEYENDAS} http://www.sat.gob.mx/sitio_internet/cfd/leyendasFiscales/leyendasFisc.xsd`,
  };
}

function implocal(random: Random): ElementoXml {
  const children = [
    ...random.times(0, 2, () =>
      element(IMPLOCAL, 'implocal', 'RetencionesLocales', {
        ImpLocRetenido: hostileText(random, 2),
        TasadeRetencion: amount(random, 99, 2),
        Importe: amount(random, 9999, 2),
      }),
    ),
    ...random.times(0, 2, () =>
      element(IMPLOCAL, 'implocal', 'TrasladosLocales', {
        ImpLocTrasladado: hostileText(random, 2),
        TasadeTraslado: amount(random, 99, 2),
        Importe: amount(random, 9999, 2),
      }),
    ),
  ];
  return {
    Xml: element(
      IMPLOCAL,
      'implocal',
      'ImpuestosLocales',
      { version: '1.0', TotaldeRetenciones: amount(random, 9999, 2), TotaldeTraslados: amount(random, 9999, 2) },
      children,
    ),
    SchemaLocation: `${IMPLOCAL} http://www.sat.gob.mx/sitio_internet/cfd/implocal/implocal.xsd`,
  };
}

function concepto(random: Random, tipo: string): Concepto {
  if (tipo === 'P') {
    return { ClaveProdServ: '84111506', Cantidad: '1', ClaveUnidad: 'ACT', Descripcion: 'Pago', ValorUnitario: '0', Importe: '0', ObjetoImp: '01' };
  }
  const result: Concepto = {
    ClaveProdServ: random.digits(8),
    Cantidad: positive(random, 9999),
    ClaveUnidad: random.pick(['H87', 'E48', 'ACT', 'KGM', 'XNA']),
    Descripcion: hostileText(random, 8, true),
    ValorUnitario: amount(random),
    Importe: amount(random),
    ObjetoImp: random.pick(['01', '02', '03', '04']),
  };
  if (random.chance(0.4)) result.NoIdentificacion = hostileText(random, 2);
  if (random.chance(0.5)) result.Unidad = random.pick(['Pieza', 'Servicio', ' Caja  grande ', 'Kg&<>"\'']);
  if (random.chance(0.3)) result.Descuento = amount(random);
  if (random.chance(0.75)) result.Impuestos = conceptoImpuestos(random);
  if (random.chance(0.15)) {
    result.ACuentaTerceros = {
      RfcACuentaTerceros: rfc(random),
      NombreACuentaTerceros: hostileText(random, 4),
      RegimenFiscalACuentaTerceros: random.pick(['601', '612', '626']),
      DomicilioFiscalACuentaTerceros: random.digits(5),
    };
  }
  if (random.chance(0.15)) result.InformacionAduanera = random.times(1, 3, () => pedimento(random));
  if (random.chance(0.15)) result.CuentaPredial = random.times(1, 2, () => ({ Numero: random.chars(`${UPPER}0123456789abc`, random.int(1, 20)) }));
  if (random.chance(0.1)) result.ComplementoConcepto = [iedu(random)];
  if (random.chance(0.15)) result.Parte = random.times(1, 3, () => parte(random));
  return result;
}

function impuestos(random: Random): Impuestos {
  const result: Impuestos = {};
  if (random.chance(0.4)) {
    result.Retenciones = random.times(1, 3, () => ({ Impuesto: random.pick(['001', '002', '003']), Importe: amount(random) }));
    result.TotalImpuestosRetenidos = amount(random);
  }
  if (random.chance(0.85) || !result.Retenciones) {
    result.Traslados = random.times(1, 3, () => traslado(random));
    if (random.chance(0.9)) result.TotalImpuestosTrasladados = amount(random);
  }
  return result;
}

function doctoRelacionado(random: Random): DoctoRelacionado {
  const result: DoctoRelacionado = {
    IdDocumento: uuid(random),
    MonedaDR: random.pick(['MXN', 'USD', 'EUR']),
    NumParcialidad: String(random.int(1, 999)),
    ImpSaldoAnt: amount(random),
    ImpPagado: amount(random),
    ImpSaldoInsoluto: amount(random),
    ObjetoImpDR: random.pick(['01', '02', '03']),
  };
  if (random.chance(0.4)) result.Serie = hostileText(random, 1);
  if (random.chance(0.6)) result.Folio = random.digits(random.int(1, 10));
  if (random.chance(0.5)) result.EquivalenciaDR = random.pick(['1', '0.0529801325', `${random.int(1, 30)}.${random.digits(random.int(1, 10))}`]);
  if (random.chance(0.6)) {
    result.ImpuestosDR = {};
    if (random.chance(0.4)) {
      result.ImpuestosDR.RetencionesDR = random.times(1, 2, () => {
        const r = retencion(random);
        return { BaseDR: r.Base, ImpuestoDR: r.Impuesto, TipoFactorDR: r.TipoFactor, TasaOCuotaDR: r.TasaOCuota, ImporteDR: r.Importe };
      });
    }
    if (random.chance(0.8) || !result.ImpuestosDR.RetencionesDR) {
      result.ImpuestosDR.TrasladosDR = random.times(1, 2, () => {
        const t = traslado(random);
        return {
          BaseDR: t.Base,
          ImpuestoDR: t.Impuesto,
          TipoFactorDR: t.TipoFactor,
          ...(t.TasaOCuota === undefined ? {} : { TasaOCuotaDR: t.TasaOCuota }),
          ...(t.Importe === undefined ? {} : { ImporteDR: t.Importe }),
        };
      });
    }
  }
  return result;
}

function pago(random: Random): Pago {
  const monedaP = random.pick(['MXN', 'USD']);
  const result: Pago = {
    FechaPago: date(random),
    FormaDePagoP: random.pick(['01', '02', '03', '04', '28']),
    MonedaP: monedaP,
    Monto: amount(random),
    DoctoRelacionado: random.times(1, 3, () => doctoRelacionado(random)),
  };
  if (monedaP !== 'MXN' || random.chance(0.2)) result.TipoCambioP = monedaP === 'MXN' ? '1' : positive(random, 30);
  if (random.chance(0.4)) result.NumOperacion = hostileText(random, 2);
  if (random.chance(0.3)) result.RfcEmisorCtaOrd = random.chance(0.2) ? 'XEXX010101000' : rfc(random, 3);
  if (random.chance(0.2)) result.NomBancoOrdExt = hostileText(random, 3);
  if (random.chance(0.3)) result.CtaOrdenante = random.chars(`${UPPER}0123456789_`, random.int(10, 18));
  if (random.chance(0.3)) result.RfcEmisorCtaBen = rfc(random, 3);
  if (random.chance(0.3)) result.CtaBeneficiario = random.digits(random.int(10, 18));
  if (random.chance(0.15))
    Object.assign(result, { TipoCadPago: '01', CertPago: base64(random, 30), CadPago: hostileText(random, 5, true), SelloPago: base64(random, 64) });
  if (random.chance(0.5)) {
    result.ImpuestosP = {};
    if (random.chance(0.4)) result.ImpuestosP.RetencionesP = random.times(1, 2, () => ({ ImpuestoP: random.pick(['001', '002']), ImporteP: amount(random) }));
    if (random.chance(0.8) || !result.ImpuestosP.RetencionesP) {
      result.ImpuestosP.TrasladosP = random.times(1, 2, () => {
        const t = traslado(random);
        return {
          BaseP: t.Base,
          ImpuestoP: t.Impuesto,
          TipoFactorP: t.TipoFactor,
          ...(t.TasaOCuota === undefined ? {} : { TasaOCuotaP: t.TasaOCuota }),
          ...(t.Importe === undefined ? {} : { ImporteP: t.Importe }),
        };
      });
    }
  }
  return result;
}

function pagos(random: Random): Pagos {
  const totals = [
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
  ];
  const Totales: Pagos['Totales'] = { MontoTotalPagos: amount(random, 99999, 2) };
  for (const name of totals) if (random.chance(0.3)) Object.assign(Totales, { [name]: amount(random, 99999, 2) });
  return { Version: '2.0', Totales, Pago: random.times(1, 3, () => pago(random)) };
}

function timbre(random: Random, sello: string): TimbreFiscalDigital {
  const result: TimbreFiscalDigital = {
    Version: '1.1',
    UUID: uuid(random),
    FechaTimbrado: date(random),
    RfcProvCertif: rfc(random, 3),
    SelloCFD: sello,
    NoCertificadoSAT: random.digits(20),
    SelloSAT: base64(random, 256),
  };
  if (random.chance(0.3)) result.Leyenda = random.pick(['Leyenda del PAC & "SAT"', "Timbrado por O'Brien <prueba>", 'Ñandú   con    espacios']);
  return result;
}

function complementos(random: Random, tipo: string, sello: string): Complemento[] | undefined {
  const items: Complemento[] = [];
  if (tipo === 'P') items.push({ Pagos: pagos(random) });
  if (random.chance(0.15)) items.push({ Otro: leyendas(random) });
  if (tipo !== 'P' && random.chance(0.1)) items.push({ Otro: implocal(random) });
  if (random.chance(0.1)) items.sort(() => random.next() - 0.5);
  if (random.chance(0.5)) items.push({ TimbreFiscalDigital: timbre(random, sello) });
  return items.length === 0 ? undefined : items;
}

/** One varied Comprobante, fully determined by the seed. */
export function generateComprobante(seed: number): Comprobante {
  const random = new Random(seed);
  const tipo = random.pick(['I', 'I', 'I', 'E', 'T', 'N', 'P', 'P']);
  const sello = base64(random, 256);
  const global = tipo === 'I' && random.chance(0.2);
  const result: Comprobante = {
    Version: '4.0',
    Fecha: date(random),
    Sello: sello,
    NoCertificado: random.digits(20),
    Certificado: base64(random, random.int(100, 1400)),
    SubTotal: tipo === 'P' || tipo === 'T' ? '0' : amount(random),
    Moneda: tipo === 'P' || tipo === 'T' ? 'XXX' : random.pick(['MXN', 'MXN', 'USD', 'EUR']),
    Total: tipo === 'P' || tipo === 'T' ? '0' : amount(random),
    TipoDeComprobante: tipo,
    Exportacion: random.pick(['01', '01', '02', '03', '04']),
    LugarExpedicion: random.digits(5),
    Emisor: { Rfc: rfc(random), Nombre: hostileText(random, 5), RegimenFiscal: random.pick(['601', '603', '612', '626']) },
    Receptor: global
      ? { Rfc: 'XAXX010101000', Nombre: 'PUBLICO EN GENERAL', DomicilioFiscalReceptor: random.digits(5), RegimenFiscalReceptor: '616', UsoCFDI: 'S01' }
      : {
          Rfc: rfc(random),
          Nombre: hostileText(random, 5),
          DomicilioFiscalReceptor: random.digits(5),
          RegimenFiscalReceptor: random.pick(['601', '605', '612', '616', '626']),
          UsoCFDI: tipo === 'P' ? 'CP01' : tipo === 'N' ? 'CN01' : random.pick(['G01', 'G03', 'I01', 'S01']),
        },
    Conceptos: random.times(1, random.chance(0.05) ? 40 : 6, () => concepto(random, tipo)),
  };
  if (random.chance(0.6)) result.Serie = random.pick(['A', 'FAC', ' Serie  Ñ ', '&<>"\'']);
  if (random.chance(0.7)) result.Folio = random.chance(0.8) ? random.digits(random.int(1, 10)) : hostileText(random, 2);
  if (tipo !== 'P' && tipo !== 'T' && random.chance(0.8)) result.FormaPago = random.pick(['01', '02', '03', '04', '28', '99']);
  if (tipo !== 'P' && tipo !== 'T' && random.chance(0.3)) result.CondicionesDePago = hostileText(random, 6, true);
  if (tipo !== 'P' && tipo !== 'T' && random.chance(0.3)) result.Descuento = amount(random);
  if (result.Moneda !== 'MXN' && result.Moneda !== 'XXX') result.TipoCambio = positive(random, 30);
  else if (result.Moneda === 'MXN' && random.chance(0.1)) result.TipoCambio = '1';
  if (tipo !== 'P' && tipo !== 'T' && random.chance(0.8)) result.MetodoPago = random.pick(['PUE', 'PPD']);
  if (random.chance(0.05)) result.Confirmacion = random.chars(`${UPPER}0123456789abc`, 5);
  if (global)
    result.InformacionGlobal = {
      Periodicidad: random.pick(['01', '02', '03', '04', '05']),
      Meses: random.pick(['01', '06', '12', '13', '18']),
      Año: String(random.int(2022, 2026)),
    };
  if (random.chance(0.2))
    result.CfdiRelacionados = random.times(
      1,
      2,
      () => ({ TipoRelacion: random.pick(['01', '02', '03', '04', '07']), UUIDs: random.times(1, 3, () => uuid(random)) }) as CfdiRelacionados,
    );
  if (result.Emisor && random.chance(0.05)) result.Emisor.FacAtrAdquirente = random.digits(10);
  if (!global && random.chance(0.1)) Object.assign(result.Receptor, { ResidenciaFiscal: random.pick(['USA', 'CAN', 'ESP']), NumRegIdTrib: random.digits(9) });
  if (tipo !== 'P' && tipo !== 'T' && random.chance(0.75)) result.Impuestos = impuestos(random);
  const complements = complementos(random, tipo, sello);
  if (complements) result.Complemento = complements;
  return result;
}

/** `count` documents from consecutive seeds starting at `firstSeed`. */
export function generateCorpus(count: number, firstSeed = 1): Comprobante[] {
  return Array.from({ length: count }, (_, index) => generateComprobante(firstSeed + index));
}
