/**
 * A webhook receiver for tests: a real HTTP server on 127.0.0.1 that records every request,
 * verifies it with the public standardwebhooks library (not with the service's own code) and
 * answers as the test says. `receiverPool` keeps the receivers a test file starts and closes them
 * all in its `after`.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mock } from 'node:test';
import { Webhook } from 'standardwebhooks';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Whether standardwebhooks verified it with one of the receiver's `secrets` (undefined: none set). */
  verified?: boolean;
  /** Why it did not verify, and when (the receiver's clock). */
  verificationError?: string;
}

type Answer = { status: number; body?: string; headers?: Record<string, string> };
export type Responder = (request: ReceivedRequest) => Answer | Promise<Answer>;

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  respond: Responder;
  /** The signing secrets this receiver accepts; every request is verified on arrival with the public library. */
  secrets: string[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that verifies (with standardwebhooks, at `now`), records and
 * answers every request. Tests end with `assertAllVerified`, so every delivery of the suite is
 * checked by the public library, not by our own code.
 */
export async function startReceiver(respond: Responder = () => ({ status: 200 }), now: () => Date = () => new Date()): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    respond,
    secrets: [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const entry: ReceivedRequest = { method: request.method ?? '', path: request.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8') };
      if (receiver.secrets.length > 0) {
        const errors = receiver.secrets.map((secret) => verificationError(secret, entry, now()));
        entry.verified = errors.includes(undefined);
        if (!entry.verified) entry.verificationError = `${errors.join('; ')} at ${now().toISOString()}`;
      }
      receiver.received.push(entry);
      const answer = await receiver.respond(entry);
      if (response.destroyed) return;
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

function verificationError(secret: string, request: ReceivedRequest, now: Date): string | undefined {
  try {
    verifyDelivery(secret, request, now);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Every request the receivers got was verified by standardwebhooks with the endpoint's secret. */
export function assertAllVerified(receivers: Receiver[]): void {
  for (const receiver of receivers) {
    for (const request of receiver.received) {
      assert.equal(
        request.verified,
        true,
        `${request.headers['webhook-id']} to ${receiver.url} did not verify with standardwebhooks: ${request.verificationError}`,
      );
    }
  }
}

/**
 * Verifies a delivery with the public standardwebhooks library, as a receiver would, with the
 * receiver's clock at `now` (the library checks the timestamp against Date.now()). Returns the
 * parsed event; throws when the signature does not verify with `secret`.
 */
export function verifyDelivery(secret: string, request: ReceivedRequest, now: Date): Record<string, any> {
  mock.timers.enable({ apis: ['Date'], now: now.getTime() });
  try {
    return new Webhook(secret).verify(request.body, request.headers) as Record<string, any>;
  } finally {
    mock.timers.reset();
  }
}

/** The receivers a test file starts, verified at the file's clock (`now`), closed together by `close()`. */
export interface ReceiverPool {
  /** Every receiver started so far. */
  readonly all: Receiver[];
  start(respond?: Responder): Promise<Receiver>;
  close(): Promise<void>;
}

export function receiverPool(now: () => Date): ReceiverPool {
  const all: Receiver[] = [];
  return {
    all,
    async start(respond) {
      const receiver = await startReceiver(respond, now);
      all.push(receiver);
      return receiver;
    },
    async close() {
      await Promise.all(all.splice(0).map((receiver) => receiver.close()));
    },
  };
}
