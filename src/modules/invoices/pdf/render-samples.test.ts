import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cfdi40Samples, readSample, sampleTfdCadena } from '../../../../test/support/sat-samples.ts';
import { hasShared, skipWithoutShared } from '../../../../test/support/shared.ts';
import { findTimbre } from '../../../cfdi/model.ts';
import { parseCfdi } from '../../../cfdi/parse.ts';
import { verificationExpressionFor } from '../../../cfdi/qr.ts';
import { amountInWords } from './amount-in-words.ts';
import { PdfRenderError } from './errors.ts';
import { groupThousands } from './format.ts';
import { compact, hasPdftoppm, hasPdftotext, looksLikePdf, pageCount, pageImage, pdfText, readQr } from './pdf-probe.test-support.ts';
import { renderInvoicePdf } from './render.ts';

const stamped = cfdi40Samples.filter((sample) => sample.tfd !== undefined);
const unstamped = cfdi40Samples.filter((sample) => sample.tfd === undefined);

/** Rendered once per sample: real ones in live mode, the rest in test mode. */
const rendered = new Map<string, Promise<Buffer>>();
function render(file: string): Promise<Buffer> {
  let pdf = rendered.get(file);
  if (pdf === undefined) {
    pdf = renderInvoicePdf({ xml: readSample(file).toString('utf8'), livemode: file.startsWith('real/') });
    rendered.set(file, pdf);
  }
  return pdf;
}

test(`all ${stamped.length} stamped SAT samples render as PDFs`, { skip: skipWithoutShared }, async () => {
  assert.equal(stamped.length, 10);
  for (const sample of stamped) {
    const pdf = await render(sample.file);
    assert.ok(looksLikePdf(pdf), sample.file);
    assert.ok(pageCount(pdf) >= 1 && pageCount(pdf) <= 3, `${sample.file}: ${pageCount(pdf)} pages`);
  }
});

test('each sample PDF shows its parties, identifiers, total, seals and TFD cadena', {
  skip: skipWithoutShared || (hasPdftotext ? false : 'pdftotext is not installed'),
}, async () => {
  for (const sample of stamped) {
    const { comprobante } = parseCfdi(readSample(sample.file));
    const timbre = findTimbre(comprobante);
    assert.ok(timbre);
    const pdf = await render(sample.file);
    const text = pdfText(pdf);
    const dense = compact(text);
    const pages = pageCount(pdf);
    for (const value of [timbre.UUID, comprobante.Emisor.Rfc, comprobante.Receptor.Rfc, timbre.NoCertificadoSAT, comprobante.NoCertificado ?? '']) {
      assert.ok(text.includes(value), `${sample.file}: ${value}`);
    }
    assert.ok(dense.includes(compact(comprobante.Emisor.Nombre)), `${sample.file}: emisor name`);
    assert.ok(text.includes('Este documento es una representación impresa de un CFDI'), sample.file);
    assert.ok(text.includes(`Página ${pages} de ${pages}`), sample.file);
    assert.ok(/CADENA ORIGINAL DEL COMPLEMENTO DE CERTIFICACIÓN DIGITAL DEL SAT/.test(text), sample.file);
    assert.ok(dense.includes(compact(comprobante.Sello ?? '')), `${sample.file}: Sello`);
    assert.ok(dense.includes(compact(timbre.SelloSAT)), `${sample.file}: SelloSAT`);
    if (sample.tfd?.hasCadenaFile) assert.ok(dense.includes(compact(sampleTfdCadena(sample.file))), `${sample.file}: TFD cadena as the SAT XSLT gives it`);
    if (comprobante.TipoDeComprobante !== 'P' || comprobante.Moneda !== 'XXX') {
      assert.ok(text.includes(groupThousands(comprobante.Total)), `${sample.file}: Total`);
      assert.ok(text.includes(amountInWords(comprobante.Total, comprobante.Moneda)), `${sample.file}: Total in words`);
    }
    assert.equal(text.includes('simulador de pruebas'), !sample.file.startsWith('real/'), `${sample.file}: test-mode notice`);
  }
});

test('the QR code of a real CFDI reads back as the SAT verification expression', {
  skip: skipWithoutShared || (hasPdftoppm ? false : 'pdftoppm is not installed'),
}, async () => {
  // The expected value comes from phpcfdi/cfdi-expresiones' own test (kit README §4.1), not from our code.
  const file = 'real/I_CSM190311AH6_2022-01-12_real.xml';
  const pdf = await render(file);
  const page = pageCount(pdf);
  const decoded = readQr(pageImage(pdf, page, 150));
  assert.equal(
    decoded,
    'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=04BF2854-FE7D-4377-9196-71248F060ABB&re=CSM190311AH6&rr=MCI7306249Y1&tt=459.36&fe=5tSZhA==',
  );
  assert.equal(decoded, verificationExpressionFor(parseCfdi(readSample(file)).comprobante));
});

test('samples without a TimbreFiscalDigital are refused with cfdi.pdf_requires_stamp', { skip: skipWithoutShared }, async () => {
  assert.ok(!hasShared || unstamped.length >= 7);
  for (const sample of unstamped) {
    await assert.rejects(
      renderInvoicePdf({ xml: readSample(sample.file).toString('utf8'), livemode: false }),
      (error: unknown) => error instanceof PdfRenderError && error.code === 'cfdi.pdf_requires_stamp',
      sample.file,
    );
  }
});
