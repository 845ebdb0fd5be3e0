import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CfdiError } from '../../../cfdi/errors.ts';
import { findPagos } from '../../../cfdi/model.ts';
import { parseCfdi } from '../../../cfdi/parse.ts';
import { verificationExpressionFor } from '../../../cfdi/qr.ts';
import { BUILTIN_CATALOGS } from '../../catalogs/builtin/index.ts';
import { createIndex } from '../../catalogs/index.ts';
import { amountInWords } from './amount-in-words.ts';
import { PdfRenderError } from './errors.ts';
import type { CatalogNames } from './format.ts';
import { groupThousands } from './format.ts';
import { compact, hasPdftoppm, hasPdftotext, looksLikePdf, pageCount, pageImage, pdfText, readQr, redShare } from './pdf-probe.test-support.ts';
import { renderInvoicePdf, timbreInstant } from './render.ts';
import {
  BASE_HEADER,
  dollarInvoice,
  globalInvoice,
  largeInvoice,
  paymentReceipt,
  sampleLogo,
  sealedXml,
  stampedXml,
  withTotals,
} from './fixtures.test-support.ts';

const catalogs = createIndex(BUILTIN_CATALOGS);
const catalogNames: CatalogNames = (catalog, code) =>
  catalog === 'clave_prod_serv' || catalog === 'clave_unidad' ? undefined : catalogs.get(catalog, code)?.description;
const needsText = hasPdftotext ? false : 'pdftotext (poppler-utils) is not installed; only the PDF structure is checked';
const needsImages = hasPdftoppm ? false : 'pdftoppm (poppler-utils) is not installed';

const large = largeInvoice(60);
const largeXml = stampedXml(large);
const largePdf = renderInvoicePdf({ xml: largeXml, livemode: true, catalogNames, branding: { logo: sampleLogo(), brandColor: '#0B7A75' } });

test('a 60-item invoice is a valid PDF of several numbered pages', async () => {
  const pdf = await largePdf;
  assert.ok(looksLikePdf(pdf));
  assert.ok(pageCount(pdf) >= 3, `${pageCount(pdf)} pages`);
});

test('the items table repeats its header on every page it spans and loses no item', { skip: needsText }, async () => {
  const pdf = await largePdf;
  const pages = pageCount(pdf);
  const texts = Array.from({ length: pages }, (_, index) => pdfText(pdf, index + 1));
  texts.forEach((text, index) => assert.ok(text.includes(`Página ${index + 1} de ${pages}`), `page ${index + 1}`));
  const itemPages = texts.filter((text) => /ART-\d{3}/.test(text));
  assert.ok(itemPages.length >= 3);
  for (const text of itemPages) assert.ok(text.includes('Valor unitario') && text.includes('Descripción'), 'header repeated');
  const all = texts.join('\n');
  for (let number = 1; number <= 60; number += 1) assert.ok(all.includes(`ART-${String(number).padStart(3, '0')}`), `item ${number}`);
  for (const page of texts.slice(1))
    assert.ok(page.includes('ORGANICOS ÑAVEZ OSORIO') && page.includes('5B3A1C2D-4E5F-4A6B-8C7D-9E0F1A2B3C4D'), 'running header');
});

test('totals show SubTotal, Descuento, each tax by rate, withholdings, Total and the amount in words', { skip: needsText }, async () => {
  const text = pdfText(await largePdf);
  const impuestos = large.Impuestos;
  assert.ok(impuestos?.Traslados && impuestos.Retenciones && large.Descuento);
  assert.ok(text.includes(`$${groupThousands(large.SubTotal)}`));
  assert.ok(text.includes(`-$${groupThousands(large.Descuento)}`));
  assert.ok(text.includes('IVA trasladado 16%') && text.includes(`$${groupThousands(impuestos.Traslados[0]?.Importe)}`));
  assert.ok(text.includes('IVA exento'));
  assert.ok(text.includes('ISR retenido') && text.includes(`-$${groupThousands(impuestos.Retenciones[0]?.Importe)}`));
  assert.ok(text.includes(`$${groupThousands(large.Total)} MXN`));
  assert.ok(compact(text).includes(compact(amountInWords(large.Total, 'MXN'))));
  assert.ok(text.includes('Retención ISR 10% · Base'), 'per-item withholding');
  assert.ok(text.includes('601 - General de Ley Personas Morales') && text.includes('G03 - Gastos en general'), 'catalog descriptions');
  assert.ok(text.includes('Crédito a 30 días'));
});

test('Ñ and & in names and characters outside WinAnsi come out readable', { skip: needsText }, async () => {
  const comprobante = withTotals({ ...BASE_HEADER }, [
    {
      ClaveProdServ: '50201706',
      ClaveUnidad: 'H87',
      Descripcion: 'Café de Kőbánya ﬁltrado “premium” ☕ — ¿listo? ¡sí!',
      Cantidad: '1',
      ValorUnitario: '100',
      ObjetoImp: '01',
    },
  ]);
  const text = pdfText(await renderInvoicePdf({ xml: stampedXml(comprobante), livemode: true }));
  for (const value of ['ORGANICOS ÑAVEZ OSORIO', 'OÑO120726RX3', 'HERRERÍA & ELÉCTRICOS', 'H&E951128469']) assert.ok(text.includes(value), value);
  assert.ok(text.includes('Café de Kobánya filtrado “premium” ? — ¿listo? ¡sí!'), text);
});

test('a dollar invoice says DÓLARES … USD and shows its exchange rate and related CFDI', { skip: needsText }, async () => {
  const comprobante = dollarInvoice();
  const text = pdfText(await renderInvoicePdf({ xml: stampedXml(comprobante), livemode: false, catalogNames }));
  assert.ok(text.includes('MIL CIENTO SESENTA DÓLARES 00/100 USD'));
  assert.ok(text.includes('$1,160.00 USD') && text.includes('17.2500') && text.includes('USD - Dólar americano'));
  assert.ok(text.includes('PPD - Pago en parcialidades o diferido') && text.includes('99 - Por definir'));
  assert.ok(text.includes('6F35D3B5-7A8B-4C9D-8E0F-1A2B3C4D5E6F') && text.includes('TIPO DE RELACIÓN: 04'));
});

test('a payment receipt shows each Pago with its related documents and the Totales', { skip: needsText }, async () => {
  const comprobante = paymentReceipt();
  const pagos = findPagos(comprobante);
  assert.ok(pagos);
  const pdf = await renderInvoicePdf({ xml: stampedXml(comprobante), livemode: false, catalogNames });
  const text = pdfText(pdf);
  assert.ok(text.includes('RECIBO ELECTRÓNICO DE PAGO') && text.includes('COMPLEMENTO PARA RECEPCIÓN DE PAGOS 2.0'));
  assert.ok(text.includes('PAGO 1 DE 2') && text.includes('PAGO 2 DE 2'));
  for (const pago of pagos.Pago) {
    assert.ok(text.includes(pago.FechaPago.replace('T', ' ')) && text.includes(`$${groupThousands(pago.Monto)} ${pago.MonedaP}`));
    for (const document of pago.DoctoRelacionado) {
      for (const value of [document.IdDocumento, groupThousands(document.ImpPagado), groupThousands(document.ImpSaldoInsoluto)])
        assert.ok(text.includes(value), value);
    }
  }
  // Grid cells wrap long values, so multi-word values are compared without whitespace.
  assert.ok(compact(text).includes(compact('03 - Transferencia electrónica de fondos')) && text.includes('SPEI-99821'));
  assert.ok(text.includes(`$${groupThousands(pagos.Totales.MontoTotalPagos)}`));
  assert.ok(text.includes(amountInWords(pagos.Totales.MontoTotalPagos, 'MXN')));
  assert.ok(!text.includes('IMPORTE CON LETRA'), 'the zero XXX totals of a type P are not shown');
});

test('a global invoice shows its InformacionGlobal', { skip: needsText }, async () => {
  const text = pdfText(await renderInvoicePdf({ xml: stampedXml(globalInvoice()), livemode: true, catalogNames }));
  assert.ok(text.includes('INFORMACIÓN GLOBAL') && text.includes('04 - Mensual') && text.includes('02 - Febrero') && text.includes('2025'));
  assert.ok(text.includes('XAXX010101000') && text.includes('S01 - Sin efectos fiscales.'));
});

test('test mode marks every page with a watermark and says the simulator stamped it; live mode does not', { skip: needsImages || needsText }, async () => {
  const xml = stampedXml(largeInvoice(30));
  const test = await renderInvoicePdf({ xml, livemode: false });
  const live = await renderInvoicePdf({ xml, livemode: true });
  assert.equal(pageCount(test), pageCount(live));
  for (let page = 1; page <= pageCount(test); page += 1) {
    assert.ok(redShare(pageImage(test, page, 20)) > 0.01, `watermark on test page ${page}`);
    assert.ok(redShare(pageImage(live, page, 20)) < 0.001, `no watermark on live page ${page}`);
  }
  assert.ok(pdfText(test, 1).includes('PRUEBA — SIN VALIDEZ FISCAL. Este CFDI fue timbrado por el simulador de pruebas'));
  assert.ok(!pdfText(live).includes('PRUEBA'));
});

test('the QR code reads back as the verification expression, & escaped as the SAT wants', { skip: needsImages }, async () => {
  const xml = stampedXml(dollarInvoice());
  const pdf = await renderInvoicePdf({ xml, livemode: false });
  const decoded = readQr(pageImage(pdf, pageCount(pdf), 150));
  assert.match(decoded ?? '', /&re=OÑO120726RX3&rr=H&amp;E951128469&tt=1160\.0&fe=/);
  assert.equal(decoded, verificationExpressionFor(parseCfdi(xml).comprobante));
});

test('the same input gives the same bytes, dated by FechaTimbrado', async () => {
  const xml = stampedXml(dollarInvoice(), { fechaTimbrado: '2025-03-03T10:05:00' });
  const first = await renderInvoicePdf({ xml, livemode: false });
  const second = await renderInvoicePdf({ xml, livemode: false });
  assert.ok(first.equals(second));
  // Mexico City is UTC-6 since 2022 (no daylight saving), so 10:05 there is 16:05 UTC.
  const raw = first.toString('latin1');
  const reference = /\/CreationDate (\d+) 0 R/.exec(raw)?.[1];
  assert.ok(raw.includes(`\n${reference} 0 obj\n(D:20250303160500Z)\n`));
});

test('FechaTimbrado is read as Mexico City time, with the daylight saving of its date', () => {
  assert.equal(timbreInstant('2025-03-03T10:05:00').toISOString(), '2025-03-03T16:05:00.000Z');
  assert.equal(timbreInstant('2021-07-01T12:00:00').toISOString(), '2021-07-01T17:00:00.000Z');
  assert.equal(timbreInstant('not a date').getTime(), 0);
});

test('an item description longer than a page is split across pages without losing a word', { skip: needsText }, async () => {
  const words = Array.from({ length: 1400 }, (_, index) => `palabra${String(index).padStart(4, '0')}`);
  const comprobante = withTotals({ ...BASE_HEADER }, [
    { ClaveProdServ: '01010101', ClaveUnidad: 'ACT', Descripcion: words.join(' '), Cantidad: '1', ValorUnitario: '10', ObjetoImp: '01' },
  ]);
  const pdf = await renderInvoicePdf({ xml: stampedXml(comprobante), livemode: true });
  assert.ok(pageCount(pdf) >= 3);
  const text = pdfText(pdf);
  for (const word of words) assert.ok(text.includes(word), word);
});

test('unstamped, unreadable or unbranded input is refused with a typed error', async () => {
  await assert.rejects(
    renderInvoicePdf({ xml: sealedXml(globalInvoice()), livemode: true }),
    (error: unknown) => error instanceof PdfRenderError && error.code === 'cfdi.pdf_requires_stamp',
  );
  await assert.rejects(
    renderInvoicePdf({ xml: '<cfdi:Comprobante', livemode: true }),
    (error: unknown) => error instanceof CfdiError && error.code === 'cfdi.parse_error',
  );
  await assert.rejects(
    renderInvoicePdf({ xml: stampedXml(globalInvoice()), livemode: true, branding: { brandColor: 'blue' } }),
    (error: unknown) => error instanceof PdfRenderError && error.code === 'cfdi.pdf_invalid_brand_color',
  );
});

test('a failing catalog lookup still gives a PDF with the bare codes', { skip: needsText }, async () => {
  const broken: CatalogNames = () => {
    throw new Error('catalog store unavailable');
  };
  const text = pdfText(await renderInvoicePdf({ xml: stampedXml(globalInvoice()), livemode: true, catalogNames: broken }));
  assert.ok(text.includes('601') && text.includes('S01') && !text.includes('General de Ley'));
  assert.ok(text.includes('I - Ingreso'), 'Anexo 20 fixed names need no lookup');
});
