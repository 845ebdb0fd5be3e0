import { renderForVersion } from '../../platform/http/versions.ts';
import type { EventRow } from './repository.ts';

/** The connected account an event belongs to, or null for a platform's (or standalone org's) own event. */
function accountOf(row: Pick<EventRow, 'organization_id' | 'platform_organization_id'>): string | null {
  return row.platform_organization_id === null ? null : row.organization_id;
}

export interface RenderedEvent {
  object: 'event';
  id: string;
  type: string;
  api_version: string;
  created_at: string;
  livemode: boolean;
  account: string | null;
  data: { object: Record<string, unknown> };
}

/**
 * The event object (docs/contract.md §5) with `data.object` rendered in `version`: the stored shape when
 * it is that version, otherwise downgraded with the same transforms as API responses.
 */
export function renderEvent(row: EventRow, version: string): RenderedEvent {
  const stored = JSON.parse(row.object) as Record<string, unknown>;
  const object = version === row.api_version ? stored : renderForVersion(stored, version);
  return {
    object: 'event',
    id: row.id,
    type: row.type,
    api_version: version,
    created_at: row.created_at.toISOString(),
    livemode: row.mode === 'live',
    account: accountOf(row),
    data: { object },
  };
}

/**
 * The same event as a JSON string, for webhook bodies. When no transform applies, the stored
 * object text is spliced in as is: a delivery costs no parse and no re-encoding of the resource.
 */
export function renderEventJson(row: EventRow, version: string): string {
  if (version !== row.api_version) return JSON.stringify(renderEvent(row, version));
  const head = JSON.stringify({
    object: 'event',
    id: row.id,
    type: row.type,
    api_version: row.api_version,
    created_at: row.created_at.toISOString(),
    livemode: row.mode === 'live',
    account: accountOf(row),
  });
  return `${head.slice(0, -1)},"data":{"object":${row.object}}}`;
}
