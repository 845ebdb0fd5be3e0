import type { Services } from '../../platform/context.ts';
import type { Server } from '../../platform/http/server.ts';
import type { SessionBackend } from '../../platform/http/session.ts';
import { registerDashboardPages } from './pages.ts';
import { registerPasswordResetJobs } from './password-reset.ts';
import { registerDashboardApiRoutes } from './routes.ts';
import { recordAudit, registerAuditPurge } from './audit.ts';
import { resumeSession } from './sessions.ts';
import { registerTeamRoutes } from './team-routes.ts';

/** The dashboard's server side: accounts, sessions and teams under /dashboard/api, and its pages. */
export function registerDashboardRoutes(server: Server, services: Services): void {
  registerDashboardApiRoutes(server, services);
  registerTeamRoutes(server, services);
  registerAuditPurge(services);
  registerPasswordResetJobs(services);
  registerDashboardPages(server, services.config);
}

/** What authentication needs to let a session cookie act on /v1 (wired by the composition root). */
export function createSessionBackend(services: Services): SessionBackend {
  return {
    async resume(token, now) {
      const session = await resumeSession(services, token, now);
      return (
        session && {
          id: session.id,
          userId: session.userId,
          organizationId: session.organizationId,
          organizationParentId: session.organizationParentId,
          csrfToken: session.csrfToken,
          expiresAt: session.expiresAt,
          role: session.role,
        }
      );
    },
    audit: (entry) => recordAudit(services.db, entry),
  };
}
