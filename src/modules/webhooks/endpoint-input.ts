import type { Ctx } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { isKnownVersion } from '../../platform/http/versions.ts';
import { isSubscriptionPattern } from '../events/index.ts';
import { checkWebhookUrl, UrlRefusal, type UrlPolicy } from './url-guard.ts';

const URL_INVALID_ES = 'URL: debe ser una dirección https:// completa, sin usuario, contraseña ni fragmento, de un dominio que exista.';
const URL_NOT_ALLOWED_ES = 'URL: apunta a una dirección privada o reservada; use una dirección pública.';
/** Checks `enabled_events` and drops repeats; an unknown type is a 422 naming the entry. */
export function enabledEventsOf(patterns: string[]): string[] {
  const errors = patterns.flatMap((pattern, index) =>
    isSubscriptionPattern(pattern)
      ? []
      : [
          {
            path: `enabled_events.${index}`,
            code: 'invalid_value',
            message: `'${pattern}' is not an event type, a namespace wildcard such as invoice.*, or *.`,
            messageEs: `Evento ${index + 1}: '${pattern}' no es un tipo de evento, un grupo como invoice.* ni *.`,
          },
        ],
  );
  if (errors.length > 0) {
    const detail = {
      en: 'enabled_events lists event types that do not exist; see the webhooks guide for the list.',
      es: 'La lista de eventos incluye tipos que no existen; la guía de webhooks los enumera.',
    };
    throw new ApiError('request.validation_failed', detail, { errors });
  }
  return [...new Set(patterns)];
}

/** Registration's URL check: syntax and scheme, then DNS, with every address allowed by the policy. */
export async function checkedUrl(raw: string, policy: UrlPolicy): Promise<string> {
  try {
    return (await checkWebhookUrl(raw, policy)).href;
  } catch (error) {
    if (!(error instanceof UrlRefusal)) throw error;
    const code = error.kind === 'invalid_url' ? 'webhook.invalid_url' : 'webhook.url_not_allowed';
    const es = error.kind === 'invalid_url' ? URL_INVALID_ES : URL_NOT_ALLOWED_ES;
    throw new ApiError(code, { en: error.message, es }, { errors: [{ path: 'url', code: error.kind, message: error.message, messageEs: es }] });
  }
}

export function checkedVersion(version: string): string {
  if (!isKnownVersion(version)) {
    throw new ApiError('request.invalid_version', {
      en: `'${version}' is not a version of this API; see GET /v1/versions.`,
      es: `'${version}' no es una versión de esta API; consulte GET /v1/versions.`,
    });
  }
  return version;
}

/**
 * `connect` endpoints receive other organizations' events, so only a platform acting as itself
 * may have them: never a connected account, nor a platform acting for one.
 */
export function checkConnectAllowed(ctx: Ctx): void {
  if (ctx.caller.platformOrganizationId !== null || ctx.caller.keyOrganizationIsAccount) {
    throw new ApiError('connect.nesting_not_allowed', {
      en: 'Only a platform organization, calling without Invoice-Account, can create an endpoint with connect: true.',
      es: 'Solo una organización plataforma, sin enviar Invoice-Account, puede crear un endpoint con connect: true.',
    });
  }
}
