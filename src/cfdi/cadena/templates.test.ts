/**
 * Checks the transcription of every SAT template: for each complement root, documents are
 * generated from the templates themselves (every attribute and path they read, present or
 * absent at random, hostile text) and the cadena is compared with xsltproc on the real XSLT.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { generateComprobante, hostileText, Random } from '../../../test/support/cfdi-corpus.ts';
import { satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { buildTemplates, CADENA_COMPLEMENT_NAMESPACES, CADENA_PREFIXES, cadenaOriginal, cadenaOriginalFromXml } from '../cadena.ts';
import { CFDI_NAMESPACE } from '../model.ts';
import type { Comprobante } from '../model.ts';
import { writeCfdi } from '../writer.ts';
import type { XmlElement } from '../xml/tree.ts';
import { templateKey } from './engine.ts';
import type { Instruction, Selection } from './engine.ts';

const DOCUMENTS_PER_ROOT = 4;
const XSLT = satPath('xml/www.sat.gob.mx/sitio_internet/cfd/4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt');
const run = promisify(execFile);
const templates = buildTemplates();
const prefixOf = new Map([...CADENA_PREFIXES].map(([prefix, uri]) => [uri, prefix]));

function newElement(namespace: string, local: string): XmlElement {
  return { namespace, prefix: prefixOf.get(namespace) ?? 'x', local, attributes: [], children: [] };
}

/** Creates the elements a selection reads below `context` and returns the last ones. */
function materialize(random: Random, context: XmlElement, selection: Selection, count: number): XmlElement[] {
  const finals: XmlElement[] = [];
  for (let index = 0; index < count; index++) {
    let parent = context;
    if (selection.descendants && random.chance(0.5)) {
      const wrapper = newElement(selection.steps[0]?.namespace ?? 'urn:x', 'Envoltura');
      parent.children.push(wrapper);
      parent = wrapper;
    }
    for (const step of selection.steps) {
      const child = newElement(step.namespace, step.local);
      parent.children.push(child);
      parent = child;
    }
    finals.push(parent);
  }
  return finals;
}

/** Seeds ending in 0 build complete documents (every path present); others may omit paths. */
let complete = false;
function count(random: Random): number {
  return random.int(complete ? 1 : 0, 2);
}

function value(random: Random): string {
  return random.pick(['', '   ', '0', '1.0', hostileText(random, 3), hostileText(random, 5, true)]);
}

function fill(random: Random, element: XmlElement, body: Instruction[], depth: number): void {
  for (const instruction of body) {
    if (instruction.kind === 'value') {
      const read = instruction.value;
      if (read.kind === 'attribute') {
        if (random.chance(0.8) && !element.attributes.some((a) => a.local === read.name)) {
          element.attributes.push({ namespace: null, prefix: null, local: read.name, value: value(random) });
        }
      } else if (read.kind === 'self') element.children.push({ text: value(random) });
      else for (const target of materialize(random, element, read.selection, count(random))) target.children.push({ text: value(random) });
    } else if (instruction.kind === 'apply') {
      if (instruction.selection === 'children') continue;
      for (const target of materialize(random, element, instruction.selection, count(random))) {
        const template = templates.get(templateKey(target.namespace, target.local));
        if (template && depth < 8) fill(random, target, template, depth + 1);
        else target.children.push({ text: value(random) });
      }
    } else if (instruction.kind === 'forEach') {
      for (const target of materialize(random, element, instruction.selection, count(random))) fill(random, target, instruction.body, depth + 1);
    } else {
      const existing = element.attributes.find((a) => a.local === instruction.attribute);
      const tested = existing ?? { namespace: null, prefix: null, local: instruction.attribute, value: '' };
      if (!existing) element.attributes.push(tested);
      if (random.chance(0.5)) tested.value = instruction.expected;
      fill(random, element, instruction.body, depth);
    }
  }
}

/** Templates no other template reaches: the complement roots (cfdi:* excluded). */
function complementRoots(): string[] {
  const reached = new Set<string>();
  const visit = (body: Instruction[]): void => {
    for (const instruction of body) {
      if ('selection' in instruction && instruction.selection !== 'children') {
        for (const step of instruction.selection.steps) reached.add(templateKey(step.namespace, step.local));
      }
      if ('body' in instruction) visit(instruction.body);
    }
  };
  for (const body of templates.values()) visit(body);
  return [...templates.keys()].filter((key) => !reached.has(key) && !key.startsWith(`${CFDI_NAMESPACE} `));
}

function documentFor(root: string, seed: number): Comprobante {
  const random = new Random(seed);
  const [namespace, local] = root.split(' ') as [string, string];
  const element = newElement(namespace, local);
  complete = seed % 10 === 0;
  fill(random, element, templates.get(root) ?? [], 0);
  return { ...generateComprobante(seed), Complemento: [{ Otro: { Xml: element } }] };
}

/** Complement templates that no generated document reaches. */
function uncovered(documents: Comprobante[]): string[] {
  const seen = new Set<string>();
  const visit = (element: XmlElement): void => {
    seen.add(templateKey(element.namespace, element.local));
    for (const child of element.children) if ('local' in child) visit(child);
  };
  for (const document of documents) for (const item of document.Complemento ?? []) if ('Otro' in item) visit(item.Otro.Xml);
  return [...templates.keys()].filter((key) => !seen.has(key) && !key.startsWith(`${CFDI_NAMESPACE} `));
}

test('every complement namespace of cadenaoriginal_4_0.xslt has templates', () => {
  assert.equal(CADENA_COMPLEMENT_NAMESPACES.length, 32);
  const covered = new Set([...templates.keys()].map((key) => key.split(' ')[0]));
  for (const namespace of CADENA_COMPLEMENT_NAMESPACES) assert.ok(covered.has(namespace), namespace);
});

test('documents exercising every complement template give the same cadena as xsltproc', { skip: skipWithoutShared }, async () => {
  const roots = complementRoots();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cfdi-templates-'));
  try {
    assert.equal(roots.length, 32, roots.join(', '));
    const documents = roots.flatMap((root, rootIndex) =>
      Array.from({ length: DOCUMENTS_PER_ROOT }, (_, copy) => documentFor(root, 1000 + rootIndex * 10 + copy)),
    );
    assert.deepEqual(uncovered(documents), []);
    const files = documents.map((document, index) => {
      const file = path.join(folder, `${index}.xml`);
      fs.writeFileSync(file, writeCfdi(document));
      return file;
    });
    const expected: string[] = new Array(files.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < files.length) {
        const index = next++;
        expected[index] = (await run('xsltproc', [XSLT, files[index] as string], { encoding: 'utf8' })).stdout;
      }
    };
    await Promise.all([worker(), worker()]);
    documents.forEach((document, index) => {
      const name = roots[Math.floor(index / DOCUMENTS_PER_ROOT)];
      assert.equal(cadenaOriginal(document), expected[index], `${name} (model)`);
      assert.equal(cadenaOriginalFromXml(fs.readFileSync(files[index] as string)), expected[index], `${name} (xml)`);
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
