/**
 * A small interpreter for the subset of XSLT that the SAT uses to define cadenas originales
 * (cadenaoriginal_4_0.xslt, utilerias.xslt and the complement stylesheets it includes).
 *
 * The stylesheets are transcribed into a compact notation, one template per element name:
 *
 *   prefix:Element = instruction instruction ...
 *
 *   !@Attr   Requerido: "|" + normalize-space(@Attr) ("|" alone when the attribute is absent)
 *   ?@Attr   Opcional: the same, but only when the attribute exists (even if empty)
 *   !. ?.    the same for the string value of the context element
 *   !p:a/p:b the same for the string value of the first element selected by a child path
 *   >p:a/p:b apply-templates to the elements selected by a child path, in document order
 *   >//p:a   apply-templates to descendant elements named p:a
 *   >*       apply-templates to every child element
 *   *p:a/p:b{ ... }    for-each over a child path, running the instructions inside
 *   [attr=value]{ ... } if the attribute equals the literal value
 *
 * apply-templates on an element without a template behaves like XSLT's built-in rule: the text
 * of its descendants is copied verbatim and templates are applied to descendant elements.
 */
import { isElement } from '../xml/tree.ts';
import type { XmlAttribute, XmlElement } from '../xml/tree.ts';

interface Step {
  namespace: string;
  local: string;
}

export interface Selection {
  steps: Step[];
  descendants: boolean;
}

export type Value = { kind: 'attribute'; name: string } | { kind: 'self' } | { kind: 'first'; selection: Selection };

export type Instruction =
  | { kind: 'value'; required: boolean; value: Value }
  | { kind: 'apply'; selection: Selection | 'children' }
  | { kind: 'forEach'; selection: Selection; body: Instruction[] }
  | { kind: 'ifEquals'; attribute: string; expected: string; body: Instruction[] };

export type TemplateTable = Map<string, Instruction[]>;

export function templateKey(namespace: string | null, local: string): string {
  return `${namespace ?? ''} ${local}`;
}

function parseSelection(text: string, prefixes: ReadonlyMap<string, string>): Selection {
  const descendants = text.startsWith('//');
  const steps = (descendants ? text.slice(2) : text).split('/').map((step) => {
    const [prefix, local] = step.split(':');
    const namespace = prefix === undefined ? undefined : prefixes.get(prefix);
    if (namespace === undefined || !local) throw new Error(`Cadena template: unknown step "${step}"`);
    return { namespace, local };
  });
  // Only single-step descendant selections keep document order with a nested walk.
  if (descendants && steps.length !== 1) throw new Error(`Cadena template: unsupported path "${text}"`);
  return { steps, descendants };
}

function parseValue(text: string, prefixes: ReadonlyMap<string, string>): Value {
  if (text.startsWith('@')) return { kind: 'attribute', name: text.slice(1) };
  if (text === '.') return { kind: 'self' };
  return { kind: 'first', selection: parseSelection(text, prefixes) };
}

function parseBody(tokens: string[], at: { index: number }, prefixes: ReadonlyMap<string, string>): Instruction[] {
  const body: Instruction[] = [];
  while (at.index < tokens.length) {
    const token = tokens[at.index++] as string;
    if (token === '}') return body;
    const head = token[0];
    const rest = token.slice(1);
    if (head === '!' || head === '?') body.push({ kind: 'value', required: head === '!', value: parseValue(rest, prefixes) });
    else if (head === '>') body.push({ kind: 'apply', selection: rest === '*' ? 'children' : parseSelection(rest, prefixes) });
    else if (head === '*' && token.endsWith('{')) {
      body.push({ kind: 'forEach', selection: parseSelection(rest.slice(0, -1), prefixes), body: parseBody(tokens, at, prefixes) });
    } else if (head === '[' && token.endsWith(']{')) {
      const [attribute, expected] = rest.slice(0, -2).split('=');
      if (attribute === undefined || expected === undefined) throw new Error(`Cadena template: bad test "${token}"`);
      body.push({ kind: 'ifEquals', attribute, expected, body: parseBody(tokens, at, prefixes) });
    } else throw new Error(`Cadena template: unknown instruction "${token}"`);
  }
  return body;
}

/** Compiles template source (see the notation above) into `table`. */
export function compileTemplates(source: string, prefixes: ReadonlyMap<string, string>, table: TemplateTable): void {
  const definitions = source
    .split(/^(?=\S+ =)/m)
    .map((text) => text.trim())
    .filter((text) => text !== '');
  for (const definition of definitions) {
    const tokens = definition.split(/\s+/);
    const name = tokens[0] as string;
    const step = parseSelection(name, prefixes).steps[0] as Step;
    const at = { index: 2 };
    const body = parseBody(tokens, at, prefixes);
    if (at.index !== tokens.length) throw new Error(`Cadena template ${name}: unbalanced braces`);
    table.set(templateKey(step.namespace, step.local), body);
  }
}

/**
 * What normalize-space changes: a space at either end, a tab, CR or LF, or two spaces in a row.
 * A regex, not a charCodeAt loop: values are often slices of the document or concatenations,
 * on which V8 reads characters one by one several times slower.
 */
const NOT_NORMAL = /^ | $|[\t\n\r]| {2}/;

/** XPath 1.0 normalize-space(): only #x20, #x9, #xD and #xA count as whitespace. */
export function normalizeSpace(value: string): string {
  // Nearly every value is already normal: one test, no copy.
  if (!NOT_NORMAL.test(value)) return value;
  const collapsed = value.replace(/[ \t\r\n]+/g, ' ');
  const start = collapsed.startsWith(' ') ? 1 : 0;
  const end = collapsed.endsWith(' ') ? collapsed.length - 1 : collapsed.length;
  return start >= end ? '' : collapsed.slice(start, end);
}

function stringValue(element: XmlElement): string {
  let text = '';
  for (const child of element.children) text += isElement(child) ? stringValue(child) : child.text;
  return text;
}

/** The first element a child path selects, in document order. */
function firstSelected(context: XmlElement, steps: Step[], depth: number): XmlElement | undefined {
  const step = steps[depth] as Step;
  const last = depth === steps.length - 1;
  for (const child of context.children) {
    if (!isElement(child) || child.local !== step.local || child.namespace !== step.namespace) continue;
    const found = last ? child : firstSelected(child, steps, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** namespace → local name → template body, for lookups without building a key string. */
type TemplateIndex = Map<string | null, Map<string, Instruction[]>>;

const indexes = new WeakMap<TemplateTable, TemplateIndex>();

function indexOf(table: TemplateTable): TemplateIndex {
  let index = indexes.get(table);
  if (index) return index;
  index = new Map();
  for (const [key, body] of table) {
    const space = key.lastIndexOf(' ');
    const namespace = key.slice(0, space);
    let locals = index.get(namespace);
    if (!locals) index.set(namespace, (locals = new Map()));
    locals.set(key.slice(space + 1), body);
  }
  indexes.set(table, index);
  return index;
}

export class CadenaWriter {
  private output = '';
  private readonly index: TemplateIndex;
  /** Where the last attribute was found: the stylesheets read attributes in about schema order. */
  private hint = 0;

  constructor(templates: TemplateTable) {
    this.index = indexOf(templates);
  }

  result(): string {
    return this.output;
  }

  applyTemplates(element: XmlElement): void {
    const template = this.index.get(element.namespace ?? '')?.get(element.local);
    if (template) {
      this.run(template, element);
      return;
    }
    for (const child of element.children) {
      if (isElement(child)) this.applyTemplates(child);
      else this.output += child.text;
    }
  }

  /** Like `>//ns:local` run in `context`: templates applied to those descendants, in document order. */
  applyTemplatesToDescendants(context: XmlElement, namespace: string, local: string): void {
    this.visit(context, { steps: [{ namespace, local }], descendants: true }, 0, undefined);
  }

  private attribute(element: XmlElement, name: string): string | undefined {
    const attributes = element.attributes;
    const count = attributes.length;
    let at = this.hint < count ? this.hint : 0;
    for (let seen = 0; seen < count; seen++, at = at + 1 === count ? 0 : at + 1) {
      const item = attributes[at] as XmlAttribute;
      if (item.local === name && item.namespace === null) {
        this.hint = at + 1;
        return item.value;
      }
    }
    return undefined;
  }

  /** The value as a string, or undefined when the selected node-set is empty. */
  private evaluate(context: XmlElement, value: Value): string | undefined {
    if (value.kind === 'attribute') return this.attribute(context, value.name);
    if (value.kind === 'self') return stringValue(context);
    const first = firstSelected(context, value.selection.steps, 0);
    return first === undefined ? undefined : stringValue(first);
  }

  /** Runs `body` on (or, without one, applies templates to) each element a selection reaches. */
  private visit(context: XmlElement, selection: Selection, depth: number, body: Instruction[] | undefined): void {
    const step = selection.steps[depth] as Step;
    const last = depth === selection.steps.length - 1;
    for (const child of context.children) {
      if (!isElement(child)) continue;
      if (child.local === step.local && child.namespace === step.namespace) {
        if (!last) this.visit(child, selection, depth + 1, body);
        else if (body) this.run(body, child);
        else this.applyTemplates(child);
      }
      // A descendant selection (single step) goes on below every element, matched or not,
      // which visits the matches in document order.
      if (selection.descendants) this.visit(child, selection, depth, body);
    }
  }

  private run(body: Instruction[], context: XmlElement): void {
    for (const instruction of body) {
      switch (instruction.kind) {
        case 'value': {
          const value = this.evaluate(context, instruction.value);
          if (value !== undefined) this.output += '|' + normalizeSpace(value);
          else if (instruction.required) this.output += '|';
          break;
        }
        case 'apply':
          if (instruction.selection === 'children') {
            for (const child of context.children) if (isElement(child)) this.applyTemplates(child);
          } else {
            this.visit(context, instruction.selection, 0, undefined);
          }
          break;
        case 'forEach':
          this.visit(context, instruction.selection, 0, instruction.body);
          break;
        case 'ifEquals':
          if (this.attribute(context, instruction.attribute) === instruction.expected) this.run(instruction.body, context);
          break;
      }
    }
  }
}
