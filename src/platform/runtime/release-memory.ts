/**
 * Gives the pages V8 keeps after a burst of allocations back to the system, once: after the
 * shipped catalogs' load (`serve`), which allocates and frees a few hundred MB in a minute.
 *
 * V8 12.4 and later (Node 22, 24) keep the pages a full collection empties in a pool, resident,
 * for reuse; only a collection that reduces memory returns them, and V8's memory reducer runs one
 * only when it judges the allocation rate low, about two minutes after the load on an idle service
 * (docs/decisions.md, "Memory"). A last-resort collection is that collection, asked for at once.
 * `gc` is reached through a fresh context (the flag is on only while it is read), so no code of the
 * service or its dependencies finds a global `gc`.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type CollectGarbage = (options: { type: 'major'; flavor: 'last-resort'; execution: 'sync' }) => void;

let collect: CollectGarbage | undefined;

function garbageCollector(): CollectGarbage {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    try {
      collect = runInNewContext('gc') as CollectGarbage;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  return collect;
}

/** Runs one memory-reducing collection; returns the process's resident memory before and after, in bytes. */
export function releaseFreedMemory(): { before: number; after: number } {
  const before = process.memoryUsage.rss();
  garbageCollector()({ type: 'major', flavor: 'last-resort', execution: 'sync' });
  return { before, after: process.memoryUsage.rss() };
}
