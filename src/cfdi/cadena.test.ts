import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { generateComprobante, generateCorpus, Random } from '../../test/support/cfdi-corpus.ts';
import { satPath, skipWithoutShared } from '../../test/support/shared.ts';
import { cadenaOriginal, cadenaOriginalFromElement, cadenaOriginalFromXml } from './cadena.ts';
import { normalizeSpace } from './cadena/engine.ts';
import { CfdiError } from './errors.ts';
import { parseCfdi } from './parse.ts';
import type { Comprobante } from './model.ts';
import { CFDI_NAMESPACE } from './model.ts';
import { comprobanteElement, writeCfdi } from './writer.ts';

const CORPUS_SIZE = 1000;
const XSLT = satPath('xml/www.sat.gob.mx/sitio_internet/cfd/4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt');
const run = promisify(execFile);

/** xsltproc on each file, two at a time (the machine is shared); stderr noise is expected. */
async function xsltproc(files: string[]): Promise<string[]> {
  const outputs: string[] = new Array(files.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const index = next++;
      const { stdout } = await run('xsltproc', [XSLT, files[index] as string], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
      outputs[index] = stdout;
    }
  };
  await Promise.all([worker(), worker()]);
  return outputs;
}

function cfdi40Samples(): string[] {
  const root = satPath('samples', 'cfdi40');
  return fs.readdirSync(root).flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder))
      .filter((name) => name.endsWith('.xml'))
      .map((name) => path.join(root, folder, name)),
  );
}

test('normalize-space treats only space, tab, CR and LF as whitespace', () => {
  assert.equal(normalizeSpace(' \t a \r\n\t b  c \n'), 'a b c');
  assert.equal(normalizeSpace('   '), '');
  assert.equal(normalizeSpace(''), '');
  assert.equal(normalizeSpace('\u00A0a\u2003 b\uFEFF'), '\u00A0a\u2003 b\uFEFF');
});

test('the cadena of every CFDI 4.0 sample equals its .cadena.txt and xsltproc, from the XML and from the model', { skip: skipWithoutShared }, async () => {
  const samples = cfdi40Samples();
  assert.equal(samples.length, 19);
  const fromXsltproc = await xsltproc(samples);
  samples.forEach((sample, index) => {
    const expected = fs.readFileSync(sample.replace(/\.xml$/, '.cadena.txt'), 'utf8');
    assert.equal(fromXsltproc[index], expected, `xsltproc ${sample}`);
    const bytes = fs.readFileSync(sample);
    assert.equal(cadenaOriginalFromXml(bytes), expected, sample);
    const model = parseCfdi(bytes).comprobante;
    assert.equal(cadenaOriginal(model), expected, sample);
    assert.equal(cadenaOriginalFromXml(writeCfdi(model)), expected, sample);
  });
});

test(`the cadena of ${CORPUS_SIZE} generated CFDIs is byte-identical to xsltproc`, { skip: skipWithoutShared }, async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cfdi-cadena-'));
  try {
    const corpus = generateCorpus(CORPUS_SIZE);
    const files = corpus.map((comprobante, index) => {
      const file = path.join(folder, `${index}.xml`);
      fs.writeFileSync(file, writeCfdi(comprobante));
      return file;
    });
    const expected = await xsltproc(files);
    const mismatches = corpus.filter(
      (comprobante, index) =>
        cadenaOriginal(comprobante) !== expected[index] || cadenaOriginalFromXml(fs.readFileSync(files[index] as string)) !== expected[index],
    );
    assert.equal(mismatches.length, 0);
    // The corpus really is varied: payments, stamps, foreign complements, several taxes.
    assert.ok(corpus.filter((c) => c.TipoDeComprobante === 'P').length > 100);
    assert.ok(corpus.filter((c) => c.Complemento?.some((item) => 'Otro' in item)).length > 50);
    assert.ok(corpus.filter((c) => c.Conceptos.some((item) => item.Impuestos?.Retenciones)).length > 100);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('XSLT quirks are reproduced: empty optional attributes, absent required ones, text of unknown elements', { skip: skipWithoutShared }, async () => {
  const model = { ...generateComprobante(3), Serie: '', Folio: '  \t ', CondicionesDePago: '\ta\n\nb\r ', Complemento: undefined };
  delete model.NoCertificado;
  const quirks = writeCfdi(model).replace(
    '</cfdi:Comprobante>',
    `<cfdi:Complemento>
      <tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.0"> stamp text </tfd:TimbreFiscalDigital>
      <x:Unknown xmlns:x="urn:x" a="1">
        <x:Inner>  keeps  <![CDATA[ all & ]]> spacing </x:Inner>
      </x:Unknown>
      <detallista:detallista xmlns:detallista="http://www.sat.gob.mx/detallista" documentStructureVersion=" AMC8.1 ">
        <detallista:orderIdentification><detallista:referenceIdentification> ref  1 </detallista:referenceIdentification>
        <detallista:referenceIdentification>ref2</detallista:referenceIdentification></detallista:orderIdentification>
        <detallista:buyer><detallista:gln>  123 </detallista:gln></detallista:buyer>
      </detallista:detallista>
    </cfdi:Complemento></cfdi:Comprobante>`,
  );
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cfdi-quirks-'));
  try {
    const file = path.join(folder, 'quirks.xml');
    fs.writeFileSync(file, quirks);
    const [expected] = await xsltproc([file]);
    assert.ok(expected?.includes('|4.0|||'), expected);
    assert.ok(expected?.includes(' stamp text '), expected);
    assert.equal(cadenaOriginalFromXml(quirks), expected);
    assert.equal(cadenaOriginal(parseCfdi(quirks).comprobante), expected);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('the cadena of the model equals the cadena of the XML written from it', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
      const model = generateComprobante(seed);
      assert.equal(cadenaOriginalFromXml(writeCfdi(model)), cadenaOriginal(model));
    }),
    { numRuns: 200, seed: 9 },
  );
});

/** Empties, blanks, drops or adds fields anywhere in a model, the way a careless caller might. */
function damage(value: unknown, random: () => number): unknown {
  if (Array.isArray(value)) return value.map((item) => damage(item, random));
  if (value === null || typeof value !== 'object' || 'namespace' in value) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const roll = random();
    if (typeof item === 'string' && roll < 0.1) continue;
    copy[key] = typeof item === 'string' && roll < 0.2 ? ' \t' : damage(item, random);
  }
  if (random() < 0.2) copy.NotInTheSchema = 'x';
  return copy;
}

test('the cadena built straight from the model equals the templates run over the written tree', () => {
  const parte = {
    namespace: CFDI_NAMESPACE,
    prefix: 'cfdi',
    local: 'Parte',
    attributes: [{ namespace: null, prefix: null, local: 'Cantidad', value: '7' }],
    children: [],
  };
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer(), (seed, damageSeed) => {
      const random = new Random(damageSeed);
      const model = damage(generateComprobante(seed), () => random.next()) as Comprobante;
      model.Version = '4.0';
      // A cfdi:Parte inside a ComplementoConcepto is reached by the Concepto's >//cfdi:Parte.
      const first = model.Conceptos[0];
      const nested = { namespace: 'urn:x', prefix: 'x', local: 'x', attributes: [], children: [parte] };
      if (first && random.chance(0.3)) first.ComplementoConcepto = [{ Xml: random.chance(0.5) ? nested : parte }, ...(first.ComplementoConcepto ?? [])];
      assert.equal(cadenaOriginal(model), cadenaOriginalFromElement(comprobanteElement(model)));
    }),
    { numRuns: 300, seed: 11 },
  );
});

test('a document that is not a CFDI 4.0 has no CFDI 4.0 cadena', () => {
  assert.throws(
    () => cadenaOriginalFromXml('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" Version="3.3"/>'),
    (error: unknown) => error instanceof CfdiError && error.code === 'cfdi.not_comprobante',
  );
});
