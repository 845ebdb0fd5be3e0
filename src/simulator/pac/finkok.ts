/**
 * Finkok's SOAP message conventions (spyne services): the service namespace
 * http://facturacion.finkok.com/<service>, result types in apps.services.soap.core.views (prefix
 * s0), operation results named `<operation>Result` inside `<operation>Response`, and business
 * errors as Incidencias/Incidencia {IdIncidencia, Uuid, CodigoError, WorkProcessId,
 * MensajeIncidencia, RfcEmisor, NoCertificadoPac, FechaRegistro} rather than SOAP faults.
 */
import { timingSafeEqual } from 'node:crypto';
import type { SimulatorSettings } from '../deps.ts';
import { element, envelope } from '../soap.ts';

const VIEWS_NAMESPACE = 'apps.services.soap.core.views';

export function serviceNamespace(service: 'stamp' | 'cancel' | 'utilities' | 'registration' | 'manifest'): string {
  return `http://facturacion.finkok.com/${service}`;
}

export interface Incidencia {
  code: string;
  message: string;
  uuid?: string;
  rfcEmisor?: string;
  extraInfo?: string;
}

export function incidenciasXml(incidencias: readonly Incidencia[], at: string): string {
  if (incidencias.length === 0) return '<s0:Incidencias/>';
  const items = incidencias.map(
    (incidencia, index) =>
      '<s0:Incidencia>' +
      element('s0:IdIncidencia', String(index + 1)) +
      element('s0:Uuid', incidencia.uuid) +
      element('s0:CodigoError', incidencia.code) +
      element('s0:WorkProcessId', undefined) +
      element('s0:MensajeIncidencia', incidencia.message) +
      element('s0:RfcEmisor', incidencia.rfcEmisor) +
      element('s0:NoCertificadoPac', undefined) +
      element('s0:FechaRegistro', at) +
      (incidencia.extraInfo === undefined ? '' : element('s0:ExtraInfo', incidencia.extraInfo)) +
      '</s0:Incidencia>',
  );
  return `<s0:Incidencias>${items.join('')}</s0:Incidencias>`;
}

/** `<tns:{operation}Response><tns:{operation}Result>…</…>` in the service's envelope. */
export function resultEnvelope(service: Parameters<typeof serviceNamespace>[0], operation: string, content: string): string {
  return envelope(`<tns:${operation}Response><tns:${operation}Result>${content}</tns:${operation}Result></tns:${operation}Response>`, {
    s0: VIEWS_NAMESPACE,
    tns: serviceNamespace(service),
  });
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The account check every Finkok operation starts with. */
export function validCredentials(settings: SimulatorSettings, username: string, password: string): boolean {
  return same(username, settings.pacUsername) && same(password, settings.pacPassword);
}

export const INVALID_CREDENTIALS: Incidencia = { code: '300', message: 'Usuario y contraseña inválidos' };
