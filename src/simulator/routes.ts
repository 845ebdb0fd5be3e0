/**
 * Routes every simulator serves besides the protocol services: a health probe and the
 * certificates it seals with, published by number as the SAT publishes its own.
 */
import type { FastifyInstance } from 'fastify';
import type { SimulatorDeps } from './deps.ts';

export function registerCoreRoutes(app: FastifyInstance, deps: SimulatorDeps): void {
  app.get('/health', async () => ({ status: 'ok', time: deps.clock.now().toISOString() }));

  // The SAT publishes CSD and timbrado certificates by NoCertificado (DER .cer files).
  app.get<{ Params: { file: string } }>('/certificates/:file', async (request, reply) => {
    const match = /^([0-9]{20})\.cer$/.exec(request.params.file);
    const der = match ? await deps.ca.certificateDer(match[1]!) : undefined;
    if (!der) return reply.code(404).type('text/plain').send('Certificate not found');
    return reply.type('application/pkix-cert').send(der);
  });
}
