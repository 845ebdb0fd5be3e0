/**
 * Who is waiting for one of the service's own resources (the database's connection, a worker
 * thread), and since when. Load shedding reads it: a queue whose oldest waiter has waited long is
 * the service saturated by its own work, whatever else the host is doing (load-shedding.ts).
 */
import { performance } from 'node:perf_hooks';

interface WaitingState {
  /** How many are waiting now. */
  depth(): number;
  /** How long the one waiting longest has waited, in milliseconds (0 when none waits). */
  oldestWaitMs(): number;
}

/** A queue of the service's own work as load shedding sees it (load-shedding.ts). */
export interface SaturationQueue extends WaitingState {
  name: string;
  /** Places in the queue before it refuses (the worker pool's); none for a queue without a bound. */
  capacity?: number;
}

export class WaitTracker implements SaturationQueue {
  constructor(readonly name: string) {}

  // Insertion-ordered: the first entry is the oldest that still waits.
  private readonly since = new Map<number, number>();
  private sequence = 0;

  /** Resolves as `acquire` does, counting the caller as waiting until it has. */
  async wait<T>(acquire: () => Promise<T>): Promise<T> {
    const id = this.sequence;
    this.sequence += 1;
    this.since.set(id, performance.now());
    try {
      return await acquire();
    } finally {
      this.since.delete(id);
    }
  }

  depth(): number {
    return this.since.size;
  }

  oldestWaitMs(): number {
    const oldest = this.since.values().next();
    return oldest.done ? 0 : performance.now() - oldest.value;
  }
}
