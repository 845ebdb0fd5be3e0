/**
 * Magic values (docs/simulator.md, "Bulk download"): the time of FechaInicial, when it is
 * exactly 00:00:01 to 00:00:05, forces an outcome that real data could not easily produce.
 * Real requests start at 00:00:00 (or any other time) and are never affected.
 */
import type { DescargaQuery } from './query.ts';

export type Magic =
  /** Solicita answers 5001 "Tercero no autorizado": the SAT refuses the request outright. */
  | 'refused'
  /** Accepted, then verification reports EstadoSolicitud 5 (Rechazada) with 5003 "Tope máximo". */
  | 'over_limit'
  /** Accepted, then EstadoSolicitud stays 2 (En proceso) forever: the package is never ready. */
  | 'never_ready'
  /** Accepted, then EstadoSolicitud 4 (Error) with CodigoEstadoSolicitud 404. */
  | 'failed'
  /** Solicita answers 404 "Error no controlado": a transient SAT failure. */
  | 'uncontrolled';

const BY_TIME: Readonly<Record<string, Magic>> = {
  '00:00:01': 'refused',
  '00:00:02': 'over_limit',
  '00:00:03': 'never_ready',
  '00:00:04': 'failed',
  '00:00:05': 'uncontrolled',
};

export function magicOf(query: DescargaQuery): Magic | undefined {
  return query.from === undefined ? undefined : BY_TIME[query.from.slice(11)];
}
