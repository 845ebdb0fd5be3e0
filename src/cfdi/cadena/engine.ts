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
import type { XmlElement } from '../xml/tree.ts';

export interface Step {
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
  const definitions = source.split(/^(?=\S+ =)/m).map((text) => text.trim()).filter((text) => text !== '');
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

/** XPath 1.0 normalize-space(): only #x20, #x9, #xD and #xA count as whitespace. */
export function normalizeSpace(value: string): string {
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

function attribute(element: XmlElement, name: string): string | undefined {
  for (const item of element.attributes) if (item.namespace === null && item.local === name) return item.value;
  return undefined;
}

function collectDescendants(element: XmlElement, step: Step, into: XmlElement[]): void {
  for (const child of element.children) {
    if (!isElement(child)) continue;
    if (child.namespace === step.namespace && child.local === step.local) into.push(child);
    collectDescendants(child, step, into);
  }
}

function select(context: XmlElement, selection: Selection): XmlElement[] {
  if (selection.descendants) {
    const found: XmlElement[] = [];
    collectDescendants(context, selection.steps[0] as Step, found);
    return found;
  }
  let current = [context];
  for (const step of selection.steps) {
    const next: XmlElement[] = [];
    for (const node of current) {
      for (const child of node.children) {
        if (isElement(child) && child.namespace === step.namespace && child.local === step.local) next.push(child);
      }
    }
    current = next;
  }
  return current;
}

/** The value as a string, or undefined when the selected node-set is empty. */
function evaluate(context: XmlElement, value: Value): string | undefined {
  if (value.kind === 'attribute') return attribute(context, value.name);
  if (value.kind === 'self') return stringValue(context);
  const first = select(context, value.selection)[0];
  return first === undefined ? undefined : stringValue(first);
}

export class CadenaWriter {
  private output = '';

  constructor(private readonly templates: TemplateTable) {}

  result(): string {
    return this.output;
  }

  applyTemplates(element: XmlElement): void {
    const template = this.templates.get(templateKey(element.namespace, element.local));
    if (template) {
      this.run(template, element);
      return;
    }
    for (const child of element.children) {
      if (isElement(child)) this.applyTemplates(child);
      else this.output += child.text;
    }
  }

  private run(body: Instruction[], context: XmlElement): void {
    for (const instruction of body) {
      switch (instruction.kind) {
        case 'value': {
          const value = evaluate(context, instruction.value);
          if (value !== undefined) this.output += `|${normalizeSpace(value)}`;
          else if (instruction.required) this.output += '|';
          break;
        }
        case 'apply':
          if (instruction.selection === 'children') {
            for (const child of context.children) if (isElement(child)) this.applyTemplates(child);
          } else {
            for (const node of select(context, instruction.selection)) this.applyTemplates(node);
          }
          break;
        case 'forEach':
          for (const node of select(context, instruction.selection)) this.run(instruction.body, node);
          break;
        case 'ifEquals':
          if (attribute(context, instruction.attribute) === instruction.expected) this.run(instruction.body, context);
          break;
      }
    }
  }
}
