/**
 * The `expresionImpresa` ConsultaCFDIService takes: the CFDI 3.3/4.0 QR content
 * (`https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=…&re=…&rr=…&tt=…&fe=…`) or
 * the CFDI 3.2 form (`?re=…&rr=…&tt=…&id=…`). RFCs carry `&` as `&amp;` inside the expression
 * (Anexo 20, representación impresa), so only a bare `&` separates parameters.
 */
import { RFC_PATTERN } from '../../cfdi/rules/patterns.ts';

export interface ParsedExpression {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  total: string;
  /** Last 8 characters of the Sello (3.3/4.0 form only). */
  sello?: string;
}

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
const TOTAL = /^[0-9]{1,18}(\.[0-9]{1,6})?$/;
const FE = /^[A-Za-z0-9+/=]{8}$/;

/** Parses and checks an expression as the SAT does; undefined means "N - 601". */
export function parseExpression(expression: string): ParsedExpression | undefined {
  const question = expression.indexOf('?');
  if (question === -1) return undefined;
  const values = new Map<string, string>();
  for (const pair of expression.slice(question + 1).split(/&(?!amp;)/)) {
    const equals = pair.indexOf('=');
    if (equals <= 0) return undefined;
    const name = pair.slice(0, equals);
    if (values.has(name)) return undefined;
    values.set(name, pair.slice(equals + 1).replace(/&amp;/g, '&'));
  }
  const uuid = values.get('id') ?? '';
  const rfcEmisor = values.get('re') ?? '';
  const rfcReceptor = values.get('rr') ?? '';
  const total = values.get('tt') ?? '';
  const sello = values.get('fe');
  if (!isQueryable({ uuid, rfcEmisor, rfcReceptor, total })) return undefined;
  if (sello !== undefined && !FE.test(sello)) return undefined;
  const parsed: ParsedExpression = { uuid: uuid.toUpperCase(), rfcEmisor, rfcReceptor, total };
  if (sello !== undefined) parsed.sello = sello;
  return parsed;
}

/**
 * Whether the SAT can look these values up at all: a UUID, two RFCs and a Total as the SAT writes
 * them. Anything else is "N - 601", however the query arrived (an expression, or a PAC's
 * get_sat_status, which builds one from them).
 */
export function isQueryable(query: { uuid: string; rfcEmisor: string; rfcReceptor: string; total: string }): boolean {
  return UUID.test(query.uuid) && RFC_PATTERN.test(query.rfcEmisor) && RFC_PATTERN.test(query.rfcReceptor) && TOTAL.test(query.total);
}
