/**
 * The SAT's view of a CFDI as ConsultaCFDIService (and a PAC's get_sat_status) reports it:
 * CodigoEstatus, Estado, EsCancelable, EstatusCancelacion and ValidacionEFOS, computed from the
 * ledger at the simulator's clock. Pending cancellations whose receptor term lapsed are settled
 * first, so the answer is what the SAT would say at that instant.
 */
import { Decimal } from 'decimal.js';
import { parseCfdi } from '../../cfdi/parse.ts';
import type { SimulatorDeps } from '../deps.ts';
import { findSyntheticCfdi } from '../descarga/lookup.ts';
import type { LedgerCfdi } from '../ledger.ts';
import { buildAcuse } from '../pac/acuse.ts';
import { needsAcceptance } from '../pac/cancellation-rules.ts';
import { MAGIC_RECEPTOR, magicReceptorAnswer } from '../pac/magic.ts';

export interface SatCfdiStatus {
  codigoEstatus: string;
  estado: string;
  esCancelable: string;
  estatusCancelacion: string;
  validacionEfos: string;
}

const FOUND = 'S - Comprobante obtenido satisfactoriamente.';
/** The SAT's answer to a query it cannot even look up (a malformed UUID, RFC or Total). */
export const INVALID_EXPRESSION: SatCfdiStatus = {
  codigoEstatus: 'N - 601: La expresión impresa proporcionada no es válida.',
  estado: 'No Encontrado',
  esCancelable: '',
  estatusCancelacion: '',
  validacionEfos: '',
};
const NOT_FOUND: SatCfdiStatus = {
  codigoEstatus: 'N - 602: Comprobante no encontrado.',
  estado: 'No Encontrado',
  esCancelable: '',
  estatusCancelacion: '',
  validacionEfos: '',
};

/** Resolves every cancellation whose receptor answered or let the 72 business hours lapse. */
export async function settleLapsedCancellations(deps: SimulatorDeps): Promise<void> {
  const now = deps.clock.now();
  for (const uuid of await deps.ledger.lapsedCancellations(now)) {
    const cfdi = await deps.ledger.get(uuid);
    const deadline = cfdi?.cancellation?.deadlineAt;
    if (!cfdi || !deadline) continue;
    // CFF art. 29-A: without an answer in the term, the cancellation is accepted ("Plazo vencido").
    const status = magicReceptorAnswer(cfdi.receptorRfc) ?? 'Plazo vencido';
    await deps.ledger.resolveCancellation(uuid, status, deadline);
    if (status !== 'Solicitud rechazada') {
      await deps.ledger.setAcuse(uuid, buildAcuse(deps, cfdi.emisorRfc, [{ uuid, estatusUuid: '201' }], deadline));
    }
  }
}

async function esCancelable(deps: SimulatorDeps, cfdi: LedgerCfdi): Promise<string> {
  if (cfdi.status === 'Vigente' && (await deps.ledger.liveReferencesTo(cfdi.uuid)).length > 0) return 'No cancelable';
  const at = cfdi.cancellation?.requestedAt ?? deps.clock.now();
  const decision = needsAcceptance(parseCfdi(cfdi.xml).comprobante, at, deps.settings.timeZone);
  return decision.needed ? 'Cancelable con aceptación' : 'Cancelable sin aceptación';
}

async function satStatusOf(deps: SimulatorDeps, cfdi: LedgerCfdi): Promise<SatCfdiStatus> {
  const taxpayer = await deps.ledger.getTaxpayer(cfdi.emisorRfc);
  const efos = cfdi.receptorRfc === MAGIC_RECEPTOR.efos ? '100' : (taxpayer?.efos ?? '200');
  return {
    codigoEstatus: FOUND,
    estado: cfdi.status,
    esCancelable: await esCancelable(deps, cfdi),
    estatusCancelacion: cfdi.cancellation?.status ?? '',
    validacionEfos: efos,
  };
}

export interface StatusQuery {
  rfcEmisor: string;
  rfcReceptor: string;
  uuid: string;
  /** Total as written in the query (any number of decimals). */
  total: string;
}

function sameAmount(a: string, b: string): boolean {
  try {
    return new Decimal(a).eq(new Decimal(b));
  } catch {
    return false;
  }
}

/**
 * The SAT finds a CFDI only when UUID, both RFCs and the total all match; `unavailable` is the
 * magic receptor that makes the SAT unreachable.
 */
export async function lookupStatus(deps: SimulatorDeps, query: StatusQuery): Promise<SatCfdiStatus | 'unavailable'> {
  if (query.rfcReceptor === MAGIC_RECEPTOR.satUnavailable) return 'unavailable';
  await settleLapsedCancellations(deps);
  const cfdi = await deps.ledger.get(query.uuid);
  if (!cfdi) return syntheticStatus(deps, query);
  if (cfdi.emisorRfc !== query.rfcEmisor || cfdi.receptorRfc !== query.rfcReceptor || !sameAmount(cfdi.total, query.total)) {
    return NOT_FOUND;
  }
  return satStatusOf(deps, cfdi);
}

/** A CFDI of the synthetic history (bulk download's), which the SAT knows as soon as it is stamped. */
async function syntheticStatus(deps: SimulatorDeps, query: StatusQuery): Promise<SatCfdiStatus> {
  const now = deps.clock.now();
  const found = await findSyntheticCfdi(deps, { uuid: query.uuid, emisorRfc: query.rfcEmisor, receptorRfc: query.rfcReceptor }, now);
  if (!found || !sameAmount(found.total, query.total)) return NOT_FOUND;
  const decision = needsAcceptance(parseCfdi(await found.xml()).comprobante, now, deps.settings.timeZone);
  return {
    codigoEstatus: FOUND,
    estado: found.status,
    esCancelable: decision.needed ? 'Cancelable con aceptación' : 'Cancelable sin aceptación',
    estatusCancelacion: '',
    validacionEfos: '200',
  };
}
