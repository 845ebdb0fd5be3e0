import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateCorpus } from '../../../../test/support/cfdi-corpus.ts';
import { findTimbre } from '../../../cfdi/model.ts';
import { writeCfdi } from '../../../cfdi/writer.ts';
import { PdfRenderError } from './errors.ts';
import { compact, hasPdftotext, looksLikePdf, pageCount, pdfText } from './pdf-probe.test-support.ts';
import { renderInvoicePdf } from './render.ts';
import { toWinAnsi } from './text.ts';

const CORPUS_SIZE = 60;

test(`${CORPUS_SIZE} generated documents of every type and hostile text render, or are refused when unstamped`, async () => {
  let rendered = 0;
  for (const [index, comprobante] of generateCorpus(CORPUS_SIZE, 500).entries()) {
    const xml = writeCfdi(comprobante);
    const timbre = findTimbre(comprobante);
    if (timbre === undefined) {
      await assert.rejects(
        renderInvoicePdf({ xml, livemode: false }),
        (error: unknown) => error instanceof PdfRenderError && error.code === 'cfdi.pdf_requires_stamp',
      );
      continue;
    }
    const pdf = await renderInvoicePdf({ xml, livemode: index % 2 === 0 });
    assert.ok(looksLikePdf(pdf), `document ${index}`);
    rendered += 1;
    if (!hasPdftotext) continue;
    const text = pdfText(pdf);
    const pages = pageCount(pdf);
    assert.ok(text.includes(timbre.UUID) && text.includes(`Página ${pages} de ${pages}`), `document ${index}`);
    // Names full of Ñ, &, quotes and symbols survive (reduced to what the fonts can draw).
    assert.ok(compact(text).includes(compact(toWinAnsi(comprobante.Emisor.Nombre))), `document ${index}: emisor name`);
  }
  assert.ok(rendered >= CORPUS_SIZE / 4, `${rendered} stamped documents rendered`);
});
