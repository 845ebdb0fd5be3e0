/**
 * One UUID of a cancellation request judged by the SAT's CFDI 4.0 rules (Anexo 20 guía de llenado,
 * "Cancelación"; codes of the SAT's cancellation service): 205 unknown, 203 another emisor's,
 * 202 already cancelled, 207 motivo missing (01 without substitute), 311 motivo not in c_Motivo
 * (01-04), 208 invalid substitute (pattern, unknown, cancelled, other emisor or issued before the
 * original), 209 substitute given for motivo 02-04, 212 the substitute does not relate to this
 * UUID with TipoRelacion 04, no_cancelable while a live CFDI refers to it, 708 SAT unreachable.
 */
import { parseCfdi } from '../../cfdi/parse.ts';
import type { SimulatorDeps } from '../deps.ts';
import type { LedgerCfdi } from '../ledger.ts';
import { buildAcuse } from './acuse.ts';
import { addBusinessHours, needsAcceptance } from './cancellation-rules.ts';
import { MAGIC_RECEPTOR, MAGIC_RECEPTOR_ANSWER_MS, magicReceptorAnswer } from './magic.ts';

export const UUID_PATTERN = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
const MOTIVOS = new Set(['01', '02', '03', '04']);

export interface CancelItem {
  uuid: string;
  motivo: string;
  folioSustitucion: string;
}

export interface FolioResult {
  uuid: string;
  estatusUuid: string;
  estatusCancelacion: string;
}

async function substituteProblem(deps: SimulatorDeps, cfdi: LedgerCfdi, folio: string): Promise<string | undefined> {
  if (!UUID_PATTERN.test(folio)) return '208';
  const substitute = await deps.ledger.get(folio);
  if (!substitute || substitute.status !== 'Vigente' || substitute.emisorRfc !== cfdi.emisorRfc || substitute.uuid === cfdi.uuid) return '208';
  if (substitute.fecha < cfdi.fecha) return '208';
  // Anexo 20: the replacement carries CfdiRelacionados TipoRelacion 04 (sustitución) with this UUID.
  if (!(await deps.ledger.relationKinds(substitute.uuid, cfdi.uuid)).includes('04')) return '212';
  return undefined;
}

async function rejection(deps: SimulatorDeps, item: CancelItem, rfcEmisor: string, cfdi: LedgerCfdi | undefined): Promise<string | undefined> {
  if (!cfdi) return '205';
  if (cfdi.emisorRfc !== rfcEmisor) return '203';
  if (cfdi.receptorRfc === MAGIC_RECEPTOR.satUnavailable) return '708';
  if (cfdi.status === 'Cancelado') return '202';
  if (item.motivo === '') return '207';
  if (!MOTIVOS.has(item.motivo)) return '311';
  if (item.motivo === '01') {
    if (item.folioSustitucion === '') return '207';
    const problem = await substituteProblem(deps, cfdi, item.folioSustitucion);
    if (problem) return problem;
  } else if (item.folioSustitucion !== '') {
    return '209';
  }
  if ((await deps.ledger.liveReferencesTo(cfdi.uuid)).length > 0) return 'no_cancelable';
  return undefined;
}

/** Applies one cancellation; returns the folio line of the answer. */
export async function cancelOne(deps: SimulatorDeps, item: CancelItem, rfcEmisor: string): Promise<FolioResult> {
  const found = UUID_PATTERN.test(item.uuid) ? await deps.ledger.get(item.uuid) : undefined;
  const uuid = found?.uuid ?? item.uuid.toUpperCase();
  const code = await rejection(deps, item, rfcEmisor, found);
  if (code === '202') return { uuid, estatusUuid: '202', estatusCancelacion: found?.cancellation?.status ?? 'Cancelado sin aceptación' };
  if (code !== undefined || !found) return { uuid, estatusUuid: code ?? '205', estatusCancelacion: '' };
  // Asking again while the receptor has not answered changes nothing.
  if (found.cancellation?.status === 'En proceso') return { uuid, estatusUuid: '201', estatusCancelacion: 'En proceso' };
  const now = deps.clock.now();
  const decision = needsAcceptance(parseCfdi(found.xml).comprobante, now, deps.settings.timeZone);
  const base = { motivo: item.motivo, folioSustitucion: item.folioSustitucion === '' ? null : item.folioSustitucion.toUpperCase(), requestedAt: now };
  if (!decision.needed) {
    const acuse = buildAcuse(deps, rfcEmisor, [{ uuid, estatusUuid: '201' }], now);
    await deps.ledger.startCancellation(uuid, { ...base, deadlineAt: null, status: 'Cancelado sin aceptación', resolvedAt: now, acuse });
    return { uuid, estatusUuid: '201', estatusCancelacion: 'Cancelado sin aceptación' };
  }
  const deadlineAt = magicReceptorAnswer(found.receptorRfc)
    ? new Date(now.getTime() + MAGIC_RECEPTOR_ANSWER_MS)
    : addBusinessHours(now, deps.settings.acceptanceBusinessHours, deps.settings.timeZone);
  await deps.ledger.startCancellation(uuid, { ...base, deadlineAt, status: 'En proceso', resolvedAt: null, acuse: null });
  return { uuid, estatusUuid: '201', estatusCancelacion: 'En proceso' };
}
