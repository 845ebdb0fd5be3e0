/**
 * Registration point of the SAT bulk download services (descarga masiva). This file belongs to
 * the bulk download part of the simulator, which replaces it with the real services.
 */
import type { FastifyInstance } from 'fastify';
import type { SimulatorDeps } from '../deps.ts';

export async function registerDescargaMasiva(_app: FastifyInstance, _deps: SimulatorDeps): Promise<void> {}
