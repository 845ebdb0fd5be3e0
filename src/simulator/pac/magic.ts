/**
 * Magic values: inputs a test-mode user controls (Serie, receptor RFC) that force outcomes the
 * real services produce only rarely. Documented in docs/simulator.md; every value is a valid
 * CFDI 4.0 value, so the same invoice passes the engine's own validation first.
 */

/** Serie values read from the comprobante being stamped. */
export const MAGIC_SERIE = {
  /** The PAC is down: HTTP 500 with a SOAP fault, nothing stamped. */
  outage: 'SIMFALLA',
  /** The PAC stamps and records the CFDI, then answers only after settings.slowResponseMs. */
  slowAnswer: 'SIMLENTO',
  /** The emisor is not in the SAT's LCO: incidencia 402. */
  notInLco: 'SIMNOLCO',
} as const;

/** Receptor RFCs (valid t_RFC values of personas morales). */
export const MAGIC_RECEPTOR = {
  /** The receptor rejects every cancellation that needs its acceptance. */
  rejects: 'RCH010101AA1',
  /** The receptor accepts every cancellation that needs its acceptance. */
  accepts: 'ACP010101AA1',
  /** The SAT cannot be reached: status queries fault and cancellations answer 708. */
  satUnavailable: 'IND010101AA1',
  /** The emisor of CFDIs to this receptor shows as listed by the SAT (ValidacionEFOS 100). */
  efos: 'EFO010101AA1',
} as const;

/** A magic receptor answers this long after the request (the others let 72 business hours lapse). */
export const MAGIC_RECEPTOR_ANSWER_MS = 30_000;

/** The answer a magic receptor gives, or undefined for an ordinary receptor (who stays silent). */
export function magicReceptorAnswer(receptorRfc: string): 'Solicitud rechazada' | 'Cancelado con aceptación' | undefined {
  if (receptorRfc === MAGIC_RECEPTOR.rejects) return 'Solicitud rechazada';
  if (receptorRfc === MAGIC_RECEPTOR.accepts) return 'Cancelado con aceptación';
  return undefined;
}
