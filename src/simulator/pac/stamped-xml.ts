/**
 * The stamped document a PAC returns: the issuer's own bytes with the TimbreFiscalDigital added
 * in cfdi:Complemento (Anexo 20: the TFD is the last complement; the PAC adds it and changes
 * nothing else). The TFD element carries its own namespace declaration and xsi:schemaLocation,
 * as the PACs write it. A document with an Addenda (after which no Complemento may follow) is
 * written from the model instead, where the engine's writer places the timbre among the other
 * complements.
 *
 * The document is cut in two around the place of the timbre before the timbre exists (`timbreSlot`):
 * the cut is the costly part for a large CFDI and runs with the other checks (on the worker pool
 * for a large one: request.ts); joining it with the timbre is a concatenation.
 */
import type { Comprobante, TimbreFiscalDigital } from '../../cfdi/model.ts';
import { CFDI_NAMESPACE, TFD_NAMESPACE, TFD_SCHEMA_LOCATION, XSI_NAMESPACE } from '../../cfdi/model.ts';
import type { ParsedCfdi } from '../../cfdi/parse.ts';
import { writeCfdi } from '../../cfdi/writer.ts';
import { TFD_ATTRIBUTES } from '../../cfdi/xml/cfdi-schema.ts';
import { escapeAttribute } from '../../cfdi/xml/serialize.ts';
import { isElement, type XmlElement } from '../../cfdi/xml/tree.ts';

const BYTE_ORDER_MARK = '\uFEFF';
/** Stands for the timbre while the document is written from the model; no CFDI value looks like it. */
const PLACEHOLDER_UUID = '00000000-0000-0000-0000-TIMBRE-SLOT';

/** The stamped document is `before + timbreXml(timbre) + after`. */
export interface TimbreSlot {
  before: string;
  after: string;
}

/** `<tfd:TimbreFiscalDigital xmlns:tfd=… xmlns:xsi=… xsi:schemaLocation=… Version="1.1" …/>`. */
export function timbreXml(timbre: TimbreFiscalDigital): string {
  let attributes = '';
  for (const name of TFD_ATTRIBUTES) {
    const value = timbre[name];
    if (value !== undefined) attributes += ` ${name}="${escapeAttribute(value)}"`;
  }
  return `<tfd:TimbreFiscalDigital xmlns:tfd="${TFD_NAMESPACE}" xmlns:xsi="${XSI_NAMESPACE}" xsi:schemaLocation="${TFD_NAMESPACE} ${TFD_SCHEMA_LOCATION}"${attributes}/>`;
}

const qualified = (element: Pick<XmlElement, 'prefix'>, local: string) => `${element.prefix ? `${element.prefix}:` : ''}${local}`;
/** Whether `text` is an end tag followed by nothing but whitespace. */
const endTagThenWhitespace = (text: string) => text.replace(/^<\/[^>]*>/, '').trim() === '';

/** The slot in the issuer's own text, when nothing but the Complemento (or nothing) may follow the timbre. */
function slotInText(text: string, parsed: ParsedCfdi): TimbreSlot | undefined {
  const { comprobante, root } = parsed;
  if (comprobante.Addenda?.length) return undefined;
  const rootEnd = text.lastIndexOf(`</${qualified(root, 'Comprobante')}>`);
  if (rootEnd < 0 || !endTagThenWhitespace(text.slice(rootEnd))) return undefined;
  const elements = root.children.filter(isElement);
  const last = elements.at(-1);
  if (last?.local === 'Complemento' && last.namespace === CFDI_NAMESPACE) {
    // The timbre goes last inside the existing Complemento, right before its end tag.
    const end = text.lastIndexOf(`</${qualified(last, 'Complemento')}>`, rootEnd);
    if (end < 0 || !endTagThenWhitespace(text.slice(end, rootEnd))) return undefined;
    return { before: text.slice(0, end), after: text.slice(end) };
  }
  if (comprobante.Complemento?.length) return undefined;
  const complemento = qualified(root, 'Complemento');
  return { before: `${text.slice(0, rootEnd)}<${complemento}>`, after: `</${complemento}>${text.slice(rootEnd)}` };
}

/** The slot in the document written from the model, the timbre last among the complements. */
function slotInModel(comprobante: Comprobante): TimbreSlot {
  const placeholder: TimbreFiscalDigital = {
    Version: '1.1',
    UUID: PLACEHOLDER_UUID,
    FechaTimbrado: '',
    RfcProvCertif: '',
    SelloCFD: '',
    NoCertificadoSAT: '',
    SelloSAT: '',
  };
  const written = writeCfdi({ ...comprobante, Complemento: [...(comprobante.Complemento ?? []), { TimbreFiscalDigital: placeholder }] });
  const marker = written.indexOf(`UUID="${PLACEHOLDER_UUID}"`);
  const start = written.lastIndexOf('<', marker);
  const end = written.indexOf('/>', marker) + 2;
  return { before: written.slice(0, start), after: written.slice(end) };
}

/** Where the timbre goes in the issuer's document (its UTF-8 bytes as received). */
export function timbreSlot(original: Uint8Array, parsed: ParsedCfdi): TimbreSlot {
  let text = Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('utf8');
  if (text.startsWith(BYTE_ORDER_MARK)) text = text.slice(1);
  return slotInText(text, parsed) ?? slotInModel(parsed.comprobante);
}

/** The stamped document: the issuer's, with `timbre` in its slot. */
export function withTimbre(slot: TimbreSlot, timbre: TimbreFiscalDigital): string {
  return slot.before + timbreXml(timbre) + slot.after;
}
