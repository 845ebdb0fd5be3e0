/**
 * The profiles' API views kept in memory: creating and stamping an invoice each read the profile.
 * Every change made through this process goes through this module's repository, which drops the
 * entry; a change made by another process or node on the same PostgreSQL database is heard on the
 * database's change feed (platform/db/changes.ts, followProfileChanges), and while the feed does
 * not listen nothing is served from memory.
 */

import { approximateBytes, BoundedCache, stringBytes, type CacheBound } from '../../platform/caches/bounded-cache.ts';

/** What the cache needs of a view: its id and the organization and mode it belongs to. */
interface ScopedView {
  id: string;
  organization_id: string;
  mode: string;
  metadata: Record<string, unknown>;
}

/** The views, about 1 KB each: 8 MiB holds several thousand profiles. */
export function profileViewBound<View extends ScopedView>(maxBytes = 8 * 1024 * 1024): CacheBound<View> {
  return { name: 'fiscal_profile_views', maxBytes, sizeOf: (view, id) => approximateBytes(view) + stringBytes(id) };
}

export class ProfileViewCache<View extends ScopedView> {
  // Bumped by every change, so that a read that started before a change never stores what it read.
  private generation = 0;

  constructor(private readonly entries: BoundedCache<View> = new BoundedCache(profileViewBound<View>())) {}

  get(scope: { organizationId: string; mode: string }, id: string): View | undefined {
    const view = this.entries.get(id);
    return view && view.organization_id === scope.organizationId && view.mode === scope.mode ? view : undefined;
  }

  /** A token to pass to `set` with what a read started now returns. */
  begin(): number {
    return this.generation;
  }

  set(view: View, token: number): void {
    if (token !== this.generation) return;
    this.entries.set(view.id, Object.freeze({ ...view, metadata: Object.freeze({ ...view.metadata }) }));
  }

  /** Drops a profile's view; called by every write to its row. */
  forget(id: string): void {
    this.generation += 1;
    this.entries.delete(id);
  }

  /** Drops every view: changes may have been missed. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
