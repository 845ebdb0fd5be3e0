/**
 * The organization's audit log: what its members changed through the dashboard, by whom, from
 * which client and when. Entries are kept for AUDIT_RETENTION_DAYS, then deleted by a daily job.
 */
import type { Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { isId, newId } from '../../platform/ids.ts';
import type { AuditEntry } from '../../platform/http/session.ts';
import { defineJob, NoPayload } from '../../platform/jobs/kinds.ts';
import { insertAuditEvent, listAuditEvents, purgeAuditEvents, purgeInvitations } from './team-repository.ts';

const DAY_MS = 24 * 60 * 60_000;
const AUDIT_RETENTION_DAYS = 365;
const PURGE_JOB = defineJob('audit_log.purge', NoPayload);

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAuditEvent(db, {
    id: newId('aud', entry.at.getTime()),
    organization_id: entry.organizationId,
    user_id: entry.userId,
    action: entry.action,
    object_id: entry.objectId,
    detail: entry.detail ?? null,
    mode: entry.mode,
    address: entry.address,
    created_at: entry.at,
  });
}

export async function listAudit(services: Services, organizationId: string, query: { limit?: number; starting_after?: string }) {
  if (query.starting_after !== undefined && !isId('aud', query.starting_after)) {
    throw new ApiError(
      'request.invalid_cursor',
      { en: 'starting_after must be the id of an aud_ entry of this log.', es: 'starting_after debe ser el id de un registro aud_ de esta bitácora.' },
      {
        errors: [
          {
            path: 'starting_after',
            code: 'invalid_cursor',
            message: `'${query.starting_after}' is not an aud_ id.`,
            messageEs: `'${query.starting_after}' no es un id aud_.`,
          },
        ],
      },
    );
  }
  const limit = query.limit ?? 50;
  const rows = await listAuditEvents(services.db, organizationId, { limit, startingAfter: query.starting_after });
  return {
    data: rows.slice(0, limit).map((row) => ({
      id: row.id,
      user: { id: row.user_id, email: row.user_email },
      action: row.action,
      object_id: row.object_id,
      detail: row.detail,
      mode: row.mode,
      address: row.address,
      created_at: row.created_at.toISOString(),
    })),
    has_more: rows.length > limit,
  };
}

/** Deletes, once a day, audit entries past the retention and invitations as long past their end. */
export function registerAuditPurge(services: Services): void {
  services.jobs.schedule(PURGE_JOB, DAY_MS, async () => {
    const before = new Date(services.clock.now().getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
    await purgeAuditEvents(services.db, before);
    await purgeInvitations(services.db, before);
  });
}
