/**
 * The stamped document a PAC returns: the issuer's own bytes with the TimbreFiscalDigital added
 * in cfdi:Complemento (Anexo 20: the TFD is the last complement; the PAC adds it and changes
 * nothing else). The TFD element carries its own namespace declaration and xsi:schemaLocation,
 * as the PACs write it. A document whose Complemento or Addenda already exists is written from
 * the model instead, where the engine's writer places the timbre among the other complements.
 */
import type { Comprobante, TimbreFiscalDigital } from '../../cfdi/model.ts';
import { TFD_NAMESPACE, TFD_SCHEMA_LOCATION, XSI_NAMESPACE } from '../../cfdi/model.ts';
import type { ParsedCfdi } from '../../cfdi/parse.ts';
import { writeCfdi } from '../../cfdi/writer.ts';
import { TFD_ATTRIBUTES } from '../../cfdi/xml/cfdi-schema.ts';
import { escapeAttribute } from '../../cfdi/xml/serialize.ts';

const BYTE_ORDER_MARK = '\uFEFF';

/** `<tfd:TimbreFiscalDigital xmlns:tfd=… xmlns:xsi=… xsi:schemaLocation=… Version="1.1" …/>`. */
export function timbreXml(timbre: TimbreFiscalDigital): string {
  let attributes = '';
  for (const name of TFD_ATTRIBUTES) {
    const value = timbre[name];
    if (value !== undefined) attributes += ` ${name}="${escapeAttribute(value)}"`;
  }
  return `<tfd:TimbreFiscalDigital xmlns:tfd="${TFD_NAMESPACE}" xmlns:xsi="${XSI_NAMESPACE}" xsi:schemaLocation="${TFD_NAMESPACE} ${TFD_SCHEMA_LOCATION}"${attributes}/>`;
}

/** Where `<cfdi:Complemento>` goes: before the root's end tag, when nothing but whitespace follows it. */
function complementoOffset(text: string, parsed: ParsedCfdi): number | undefined {
  const { comprobante, root } = parsed;
  if (comprobante.Complemento?.length || comprobante.Addenda?.length) return undefined;
  const endTag = `</${root.prefix ? `${root.prefix}:` : ''}Comprobante>`;
  const offset = text.lastIndexOf(endTag);
  if (offset < 0 || text.slice(offset + endTag.length).trim() !== '') return undefined;
  return offset;
}

/** The issuer's document (its UTF-8 bytes as received) with `timbre` added. */
export function stampedXml(original: Uint8Array, parsed: ParsedCfdi, timbre: TimbreFiscalDigital): string {
  let text = Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('utf8');
  if (text.startsWith(BYTE_ORDER_MARK)) text = text.slice(1);
  const offset = complementoOffset(text, parsed);
  if (offset === undefined) {
    const stamped: Comprobante = { ...parsed.comprobante, Complemento: [...(parsed.comprobante.Complemento ?? []), { TimbreFiscalDigital: timbre }] };
    return writeCfdi(stamped);
  }
  const complemento = `${parsed.root.prefix ? `${parsed.root.prefix}:` : ''}Complemento`;
  return `${text.slice(0, offset)}<${complemento}>${timbreXml(timbre)}</${complemento}>${text.slice(offset)}`;
}
