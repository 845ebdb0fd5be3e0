/**
 * The RFC validation a PAC applies at stamping (the receptor's RFC in the SAT's list, with its
 * registered name and fiscal postal code), asked before stamping. Only the simulator offers it
 * (POST /sat/rfc-validation, src/simulator/rfc/); live mode has no provider for it
 * (docs/decisions.md, "Customers' RFC validation").
 */
import { ProviderError } from '../../platform/providers/errors.ts';

interface RfcValidationFinding {
  /** The SAT's code, e.g. CFDI40145. */
  code: string;
  /** The field it is about: `rfc`, `name` or `postal_code`. */
  field: string;
  message: string;
}

type RfcValidationResult = { valid: true } | { valid: false; errors: RfcValidationFinding[] };

export interface RfcValidator {
  validate(input: { rfc: string; name: string; postalCode: string }): Promise<RfcValidationResult>;
}

const TIMEOUT_MS = 10_000;

function unavailable(detail: string, failure: 'timeout' | 'unreachable' | 'malformed'): ProviderError {
  return new ProviderError('receptor.rfc_validation_unavailable', detail, { retryable: true, failure });
}

function findingsOf(value: unknown): RfcValidationFinding[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const findings = value.filter(
    (item): item is RfcValidationFinding =>
      item !== null && typeof item === 'object' && typeof item.code === 'string' && typeof item.field === 'string' && typeof item.message === 'string',
  );
  return findings.length === value.length ? findings : undefined;
}

/** The simulator's RFC validation at `baseUrl` (the simulator's address). */
export function simulatorRfcValidator(baseUrl: string): RfcValidator {
  return {
    async validate({ rfc, name, postalCode }) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/sat/rfc-validation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ rfc, name, postal_code: postalCode }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw unavailable(
          `The simulator's RFC validation did not answer${timedOut ? ` within ${TIMEOUT_MS / 1000} s` : ''}.`,
          timedOut ? 'timeout' : 'unreachable',
        );
      }
      const body = (await response.json().catch(() => undefined)) as { valid?: unknown; errors?: unknown } | undefined;
      if (!response.ok || typeof body?.valid !== 'boolean') {
        throw unavailable(`The simulator's RFC validation answered HTTP ${response.status} without a result.`, 'malformed');
      }
      if (body.valid) return { valid: true };
      const errors = findingsOf(body.errors);
      if (!errors) throw unavailable("The simulator's RFC validation answered a refusal without its findings.", 'malformed');
      return { valid: false, errors };
    },
  };
}
