import type { Services } from '../../platform/context.ts';
import type { Server } from '../../platform/http/server.ts';
import { loadGuides } from './guides.ts';
import { installOpenApi } from './openapi.ts';
import { registerDocumentationRoutes } from './routes.ts';

/**
 * The OpenAPI document, the HTML reference, the error catalog, the guides and /llms-full.txt.
 * Call it before the modules whose routes the document must describe: it sees every route added
 * after it (and those added through `register`, which run at boot).
 */
export function registerDocsRoutes(server: Server, services: Services): void {
  installOpenApi(server, services.config);
  registerDocumentationRoutes(server, services, loadGuides());
}
