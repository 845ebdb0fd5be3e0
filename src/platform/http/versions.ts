import { ApiError } from '../errors/api-error.ts';

export interface ApiVersion {
  version: string;
  summary: string;
  changes: string[];
  /** When set, every response in this version carries `Deprecation` and `Sunset` (RFC 8594). */
  sunsetAt?: Date;
}

/** Newest first. The core always produces the newest shape; older ones are edge transforms. */
export const API_VERSIONS: ApiVersion[] = [
  {
    version: '2026-07-15',
    summary: 'Adds documentation links to errors and the request path to lists.',
    changes: [
      'Problem bodies carry `doc_url`, an absolute link to the code in /docs/errors.',
      'List envelopes carry `url`, the path the list was requested from.',
    ],
  },
  {
    version: '2026-07-10',
    summary: 'Initial release.',
    changes: ['First public version of the API.'],
  },
];

export const CURRENT_VERSION = API_VERSIONS[0]!.version;
const known = new Map(API_VERSIONS.map((entry) => [entry.version, entry]));

export function isKnownVersion(value: string): boolean {
  return known.has(value);
}

export function versionInfo(version: string): ApiVersion | undefined {
  return known.get(version);
}

/** Header beats key pin beats current; an unknown value is 400 `request.invalid_version`. */
export function resolveVersion(header: string | undefined, keyPin: string | null | undefined): string {
  if (header !== undefined) {
    const value = header.trim();
    if (!known.has(value)) {
      throw new ApiError('request.invalid_version', {
        en: `Invoice-Version '${value}' is not a version of this API. Known versions: ${[...known.keys()].join(', ')}.`,
        es: `'${value}' no es una versión de esta API (encabezado Invoice-Version). Versiones vigentes: ${[...known.keys()].join(', ')}.`,
      });
    }
    return value;
  }
  if (keyPin) {
    if (!known.has(keyPin)) {
      throw new ApiError('request.invalid_version', {
        en: `The API key is pinned to '${keyPin}', which is no longer a version of this API.`,
        es: `La llave de API está fijada a la versión '${keyPin}', que esta API ya no ofrece.`,
      });
    }
    return keyPin;
  }
  return CURRENT_VERSION;
}

type Transform = (payload: Record<string, unknown>) => Record<string, unknown>;

function isList(payload: Record<string, unknown>): boolean {
  return payload.object === 'list' && Array.isArray(payload.data);
}

function isProblem(payload: Record<string, unknown>): boolean {
  return typeof payload.code === 'string' && typeof payload.status === 'number' && 'request_id' in payload;
}

/**
 * Transforms that turn a response of version N into version N-1, keyed by the version that
 * introduced the change. Applied newest to oldest until the caller's version is reached.
 */
const DOWNGRADES: Record<string, Transform> = {
  '2026-07-15': (payload) => {
    if (isList(payload)) {
      const { url: _url, ...rest } = payload;
      return rest;
    }
    if (isProblem(payload)) {
      const { doc_url: _docUrl, ...rest } = payload;
      return rest;
    }
    return payload;
  },
};

/** Renders a newest-shape response body in `version`. */
export function renderForVersion<T>(payload: T, version: string): T {
  if (version === CURRENT_VERSION || payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  let result = payload as Record<string, unknown>;
  for (const entry of API_VERSIONS) {
    if (entry.version === version) break;
    const downgrade = DOWNGRADES[entry.version];
    if (downgrade) result = downgrade(result);
  }
  return result as T;
}
