import type { Services } from '../../platform/context.ts';
import { IdParam, Problem } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import type { SyncDeps } from './ports.ts';
import { EnableSyncBody, FiscalProfileSync } from './schemas.ts';
import { expediteSyncTick } from './jobs.ts';
import { disableSync } from './disable-sync.ts';
import { enableSync } from './enable-sync.ts';
import { getSync } from './get-sync.ts';

const tags = ['Fiscal profiles'];
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: Problem } } });
const params = IdParam('Fiscal profile id (`fp_…`)');

/** The sync endpoints of a fiscal profile (docs/guides/sync.md). */
export function registerSyncRoutes(server: Server, services: Services, deps: SyncDeps): void {
  server.post(
    '/v1/fiscal_profiles/:id/sync',
    {
      config: { rateLimitCost: 5 },
      schema: {
        tags,
        summary: 'Turn on automatic SAT synchronization',
        operationId: 'enableFiscalProfileSync',
        params,
        body: EnableSyncBody,
        description:
          "Authenticates the profile's FIEL with the SAT, then mirrors every CFDI it issued or received from `sync_from` into the CFDI store (`GET /v1/cfdis`) and keeps it current by itself. A sync already on is a no-op that answers its state. Follow it with `fiscal_profile_sync.updated` and `cfdi.received` events.",
        response: {
          200: FiscalProfileSync,
          409: problem('The carta manifiesto is not signed (`fiscal_profile.manifest_required`).'),
          422: problem(
            'The profile has no FIEL (`download.fiel_required`), or a field as listed (`request.validation_failed`), such as a `sync_from` that is not a day of the calendar or is after today.',
          ),
          502: problem('The SAT could not be reached (`download.request_failed`).'),
          503: problem('The SAT refused the FIEL (`sat.download_rejected`).'),
        },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const sync = await enableSync(ctx, deps, request.params.id, request.body);
      // The backfill starts now rather than at the scheduler's next tick.
      await expediteSyncTick(services);
      return sync;
    },
  );

  server.get(
    '/v1/fiscal_profiles/:id/sync',
    {
      schema: { tags, summary: 'Retrieve the synchronization state', operationId: 'getFiscalProfileSync', params, response: { 200: FiscalProfileSync } },
    },
    async (request) => getSync(ctxOf(request, services), request.params.id),
  );

  server.delete(
    '/v1/fiscal_profiles/:id/sync',
    {
      schema: { tags, summary: 'Turn synchronization off', operationId: 'disableFiscalProfileSync', params, response: { 200: FiscalProfileSync } },
    },
    async (request) => disableSync(ctxOf(request, services), request.params.id),
  );
}
