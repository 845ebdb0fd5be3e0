/**
 * Test material for the PDF renderer (imported by tests only): stamped CFDI 4.0 documents built
 * with the CFDI engine (totals, cadena, seal, timbre, writer) and a small PNG encoder for logos.
 * The seal and the timbre are signed with a freshly generated RSA key: the PDF renders a timbre
 * whatever its validity, and the tests need no SAT credentials.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import zlib from 'node:zlib';
import { cadenaOriginal } from '../../../cfdi/cadena.ts';
import type { Comprobante, Concepto } from '../../../cfdi/model.ts';
import { computePagosTotals, PAGO_COMPROBANTE } from '../../../cfdi/pagos-totals.ts';
import type { PagoDraft } from '../../../cfdi/pagos-totals.ts';
import { signCadenaSync } from '../../../cfdi/signature.ts';
import { buildTimbreSync } from '../../../cfdi/tfd.ts';
import { computeTotals } from '../../../cfdi/totals.ts';
import type { ConceptoDraft } from '../../../cfdi/totals.ts';
import { writeCfdi } from '../../../cfdi/writer.ts';

let signingKey: KeyObject | undefined;
function key(): KeyObject {
  signingKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  return signingKey;
}

export interface ItemSpec extends ConceptoDraft {
  ClaveProdServ: string;
  ClaveUnidad: string;
  Unidad?: string;
  Descripcion: string;
  NoIdentificacion?: string;
}

type Header = Omit<Comprobante, 'SubTotal' | 'Total' | 'Descuento' | 'Impuestos' | 'Conceptos'>;

/** A Comprobante whose amounts come from computeTotals. */
export function withTotals(header: Header, items: readonly ItemSpec[], currencyDecimals = 2): Comprobante {
  const result = computeTotals({ TipoDeComprobante: header.TipoDeComprobante, Conceptos: items }, { currencyDecimals });
  if (!result.ok) throw new Error(`Invalid fixture: ${JSON.stringify(result.errors)}`);
  const { amounts } = result;
  const conceptos = items.map((item, index): Concepto => {
    const { Traslados: _traslados, Retenciones: _retenciones, ...fields } = item;
    const computed = amounts.Conceptos[index];
    const concepto: Concepto = { ...fields, Importe: computed?.Importe ?? '0' };
    if (computed?.Descuento !== undefined) concepto.Descuento = computed.Descuento;
    if (computed?.Impuestos) concepto.Impuestos = computed.Impuestos;
    return concepto;
  });
  const comprobante: Comprobante = { ...header, SubTotal: amounts.SubTotal, Total: amounts.Total, Conceptos: conceptos };
  if (amounts.Descuento !== undefined) comprobante.Descuento = amounts.Descuento;
  if (amounts.Impuestos) comprobante.Impuestos = amounts.Impuestos;
  return comprobante;
}

export interface StampOptions {
  uuid?: string;
  fechaTimbrado?: string;
}

/** Seals the Comprobante, adds a TimbreFiscalDigital 1.1 and writes the XML. */
export function stampedXml(comprobante: Comprobante, options: StampOptions = {}): string {
  const unsigned: Comprobante = { ...comprobante, NoCertificado: '30001000000500003416' };
  const sello = signCadenaSync(cadenaOriginal(unsigned), key());
  const timbre = buildTimbreSync(
    {
      UUID: options.uuid ?? '5B3A1C2D-4E5F-4A6B-8C7D-9E0F1A2B3C4D',
      FechaTimbrado: options.fechaTimbrado ?? '2025-03-03T10:05:00',
      RfcProvCertif: 'SPR190613I52',
      SelloCFD: sello,
      NoCertificadoSAT: '30001000000500003456',
    },
    key(),
  );
  return writeCfdi({ ...unsigned, Sello: sello, Complemento: [...(comprobante.Complemento ?? []), { TimbreFiscalDigital: timbre }] });
}

/** The same Comprobante sealed but never stamped. */
export function sealedXml(comprobante: Comprobante): string {
  const unsigned: Comprobante = { ...comprobante, NoCertificado: '30001000000500003416' };
  return writeCfdi({ ...unsigned, Sello: signCadenaSync(cadenaOriginal(unsigned), key()) });
}

const EMISOR_ENE = { Rfc: 'OÑO120726RX3', Nombre: 'ORGANICOS ÑAVEZ OSORIO', RegimenFiscal: '601' } as const;
const RECEPTOR_AMPERSAND = {
  Rfc: 'H&E951128469',
  Nombre: 'HERRERÍA & ELÉCTRICOS',
  DomicilioFiscalReceptor: '06300',
  RegimenFiscalReceptor: '601',
  UsoCFDI: 'G03',
} as const;

export const BASE_HEADER: Header = {
  Version: '4.0',
  Serie: 'A',
  Folio: '1001',
  Fecha: '2025-03-03T10:00:00',
  FormaPago: '03',
  MetodoPago: 'PUE',
  Moneda: 'MXN',
  TipoDeComprobante: 'I',
  Exportacion: '01',
  LugarExpedicion: '64000',
  Emisor: { ...EMISOR_ENE },
  Receptor: { ...RECEPTOR_AMPERSAND },
};

const IVA16 = { Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000' } as const;
const ISR10 = { Impuesto: '001', TipoFactor: 'Tasa', TasaOCuota: '0.100000' } as const;

/** Item `number` of a long invoice: taxed, withheld, exempt and discounted items, some long texts. */
function largeItem(number: number): ItemSpec {
  const code = `ART-${String(number).padStart(3, '0')}`;
  const long =
    number % 7 === 0
      ? ' Incluye instalación, configuración, capacitación del personal, garantía extendida de doce meses, soporte técnico en sitio y ' +
        'mantenimiento preventivo trimestral conforme al contrato marco de servicios profesionales firmado por ambas partes.'
      : '';
  const item: ItemSpec = {
    ClaveProdServ: '43211500',
    ClaveUnidad: 'H87',
    Unidad: 'Pieza',
    NoIdentificacion: code,
    Descripcion: `Artículo ${code} — equipo de cómputo, año ${2020 + (number % 5)}${long}`,
    Cantidad: String(1 + (number % 4)),
    ValorUnitario: `${100 + number * 37}.50`,
    ObjetoImp: '02',
    Traslados: [IVA16],
  };
  if (number % 5 === 0) item.Descuento = '10.00';
  if (number % 6 === 0) item.Retenciones = [ISR10];
  if (number % 11 === 0) {
    item.Traslados = [{ Impuesto: '002', TipoFactor: 'Exento' }];
    delete item.Retenciones;
  }
  return item;
}

export function largeInvoice(count = 60): Comprobante {
  return withTotals(
    { ...BASE_HEADER, CondicionesDePago: 'Crédito a 30 días' },
    Array.from({ length: count }, (_, index) => largeItem(index + 1)),
  );
}

export function dollarInvoice(): Comprobante {
  return withTotals(
    {
      ...BASE_HEADER,
      Serie: 'USD',
      Folio: '77',
      Moneda: 'USD',
      TipoCambio: '17.2500',
      MetodoPago: 'PPD',
      FormaPago: '99',
      CfdiRelacionados: [{ TipoRelacion: '04', UUIDs: ['6F35D3B5-7A8B-4C9D-8E0F-1A2B3C4D5E6F'] }],
    },
    [
      {
        ClaveProdServ: '81112100',
        ClaveUnidad: 'E48',
        Unidad: 'Servicio',
        Descripcion: 'Hospedaje de aplicaciones, marzo 2025',
        Cantidad: '1',
        ValorUnitario: '1000.00',
        ObjetoImp: '02',
        Traslados: [IVA16],
      },
    ],
  );
}

/** A type P with two payments (the second in USD) paying three invoices. */
export function paymentReceipt(): Comprobante {
  const document = (id: string, folio: string, moneda: string, saldo: string, pagado: string) => ({
    IdDocumento: id,
    Serie: 'A',
    Folio: folio,
    MonedaDR: moneda,
    NumParcialidad: '1',
    ImpSaldoAnt: saldo,
    ImpPagado: pagado,
    ObjetoImpDR: '02',
    TrasladosDR: [{ ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.160000' }],
  });
  const drafts: PagoDraft[] = [
    {
      FechaPago: '2025-03-01T12:00:00',
      FormaDePagoP: '03',
      MonedaP: 'MXN',
      NumOperacion: 'SPEI-99821',
      DoctoRelacionado: [
        document('11111111-2222-4333-8444-555555555555', '900', 'MXN', '11600.00', '5800.00'),
        document('66666666-7777-4888-9999-AAAAAAAAAAAA', '901', 'MXN', '2320.00', '2320.00'),
      ],
    },
    {
      FechaPago: '2025-03-02T09:30:00',
      FormaDePagoP: '02',
      MonedaP: 'USD',
      TipoCambioP: '17.250000',
      DoctoRelacionado: [document('BBBBBBBB-CCCC-4DDD-8EEE-FFFFFFFFFFFF', '902', 'USD', '1160.00', '1160.00')],
    },
  ];
  const result = computePagosTotals({ Pago: drafts }, { currencyDecimals: (code) => (code === 'MXN' || code === 'USD' ? 2 : undefined) });
  if (!result.ok) throw new Error(`Invalid fixture: ${JSON.stringify(result.errors)}`);
  return {
    Version: '4.0',
    Serie: 'P',
    Folio: '15',
    Fecha: '2025-03-03T10:00:00',
    SubTotal: PAGO_COMPROBANTE.SubTotal,
    Total: PAGO_COMPROBANTE.Total,
    Moneda: PAGO_COMPROBANTE.Moneda,
    TipoDeComprobante: 'P',
    Exportacion: '01',
    LugarExpedicion: '64000',
    Emisor: { ...EMISOR_ENE },
    Receptor: { ...RECEPTOR_AMPERSAND, UsoCFDI: 'CP01' },
    Conceptos: [{ ...PAGO_COMPROBANTE.Concepto }],
    Complemento: [{ Pagos: result.pagos }],
  };
}

/** A factura global to público en general (InformacionGlobal). */
export function globalInvoice(): Comprobante {
  return withTotals(
    {
      ...BASE_HEADER,
      Serie: 'G',
      Folio: '3',
      InformacionGlobal: { Periodicidad: '04', Meses: '02', Año: '2025' },
      Receptor: { Rfc: 'XAXX010101000', Nombre: 'PUBLICO EN GENERAL', DomicilioFiscalReceptor: '64000', RegimenFiscalReceptor: '616', UsoCFDI: 'S01' },
    },
    [
      {
        ClaveProdServ: '01010101',
        ClaveUnidad: 'ACT',
        Descripcion: 'Venta',
        NoIdentificacion: 'NOTA-1',
        Cantidad: '1',
        ValorUnitario: '862.07',
        ObjetoImp: '02',
        Traslados: [IVA16],
      },
    ],
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(type)));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

export interface PngSpec {
  width: number;
  height: number;
  /** 2 = RGB, 6 = RGBA, 3 = palette, 0 = grey. */
  colorType: 0 | 2 | 3 | 6;
  depth?: number;
  interlaced?: boolean;
  /** Samples of pixel (x, y), one byte per sample (depth 8) or one packed value (depth < 8). */
  pixel: (x: number, y: number) => number[];
  palette?: number[];
  transparency?: number[];
  /** Row filter byte written before each row (0 = none; 5 and above are invalid). */
  filter?: number;
  /** Dimensions written in IHDR when they should differ from the data (corrupt files). */
  declared?: { width: number; height: number };
}

/** Filtered rows (filter type 0) of one image or Adam7 pass. */
function rows(spec: PngSpec, x0: number, y0: number, dx: number, dy: number): Buffer[] {
  const depth = spec.depth ?? 8;
  const result: Buffer[] = [];
  for (let y = y0; y < spec.height; y += dy) {
    const samples: number[] = [];
    for (let x = x0; x < spec.width; x += dx) samples.push(...spec.pixel(x, y));
    const bytes = Buffer.alloc(Math.ceil((samples.length * depth) / 8));
    samples.forEach((sample, index) => {
      if (depth === 16) {
        bytes.writeUInt16BE(sample, index * 2);
        return;
      }
      const bit = index * depth;
      bytes[bit >> 3] = (bytes[bit >> 3] as number) | (sample << (8 - depth - (bit % 8)));
    });
    result.push(Buffer.concat([Buffer.from([spec.filter ?? 0]), bytes]));
  }
  return result;
}

export function encodePng(spec: PngSpec): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(spec.declared?.width ?? spec.width, 0);
  header.writeUInt32BE(spec.declared?.height ?? spec.height, 4);
  header.set([spec.depth ?? 8, spec.colorType, 0, 0, spec.interlaced ? 1 : 0], 8);
  const passes = spec.interlaced
    ? ([
        [0, 0, 8, 8],
        [4, 0, 8, 8],
        [0, 4, 4, 8],
        [2, 0, 4, 4],
        [0, 2, 2, 4],
        [1, 0, 2, 2],
        [0, 1, 1, 2],
      ] as const)
    : ([[0, 0, 1, 1]] as const);
  const raw = Buffer.concat(passes.flatMap(([x0, y0, dx, dy]) => (x0 < spec.width && y0 < spec.height ? rows(spec, x0, y0, dx, dy) : [])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(spec.palette ? [pngChunk('PLTE', Buffer.from(spec.palette))] : []),
    ...(spec.transparency ? [pngChunk('tRNS', Buffer.from(spec.transparency))] : []),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 240 × 80 RGBA logo: a brand-blue bar with a transparent corner. */
export function sampleLogo(): Buffer {
  return encodePng({
    width: 240,
    height: 80,
    colorType: 6,
    pixel: (x, y) => (x + y < 40 ? [0, 0, 0, 0] : [31 + (x % 40), 78, 121 + (y % 60), 255]),
  });
}
