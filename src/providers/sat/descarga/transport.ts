/**
 * A `fetch` transport for @nodecfdi/sat-ws-descarga-masiva (its WebClientInterface): the
 * library's own client speaks only https through node:https, while the simulator listens on
 * plain http and the service wants one HTTP stack with timeouts everywhere.
 */
import { CResponse, WebClientException } from '@nodecfdi/sat-ws-descarga-masiva';
import type { CRequest, WebClientInterface } from '@nodecfdi/sat-ws-descarga-masiva';

/** The status the library's answer to a timed-out call carries (CResponse.timeout). */
export const TIMEOUT_STATUS = CResponse.timeout(0).getStatusCode();

export interface FetchWebClientOptions {
  /** Abort a call after this long (the library then reports a timeout). */
  timeoutMs: number;
  fetch?: typeof fetch;
}

export class FetchWebClient implements WebClientInterface {
  private readonly fetchImplementation: typeof fetch;

  constructor(private readonly options: FetchWebClientOptions) {
    this.fetchImplementation = options.fetch ?? fetch;
  }

  fireRequest(): void {}

  fireResponse(): void {}

  async call(request: CRequest): Promise<CResponse> {
    const timeoutMs = request.getTimeout() ?? this.options.timeoutMs;
    let response: Response;
    let body: string;
    try {
      response = await this.fetchImplementation(request.getUri(), {
        method: request.getMethod(),
        headers: request.getHeaders(),
        body: request.getBody(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      const cause = error instanceof Error ? error : new Error(String(error));
      const timedOut = cause.name === 'TimeoutError' || cause.name === 'AbortError';
      // Status 0 with an empty body makes the library report an unreachable server.
      const answer = timedOut ? CResponse.timeout(timeoutMs) : new CResponse(0, '', {});
      throw new WebClientException(cause.message, request, answer, cause);
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return new CResponse(response.status, body, headers);
  }
}
