import type { Clock } from '../../platform/clock.ts';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import type { JobQueue } from '../../platform/jobs/types.ts';
import { CURRENT_VERSION, isKnownVersion } from '../../platform/http/versions.ts';
import {
  eventStatementParts,
  insertedEvents,
  insertEvents,
  type EventRow,
  type EventStatementOptions,
  type EventStatementOutput,
  type EventStatementParts,
  type InsertedEvents,
  type NewEvent,
} from './repository.ts';
import { isEventType, type EventObject, type EventType } from './types.ts';
import { defineJob, NoPayload } from '../../platform/jobs/kinds.ts';

/**
 * The job that tells the webhook dispatcher new deliveries are waiting (the webhooks module
 * handles it). One job per second of emissions at most: the dedupe key carries the second.
 */
export const EVENTS_PUBLISHED_JOB = defineJob('events.published', NoPayload);

interface EmitEventFields<T extends EventType> {
  /** The organization whose data changed (a connected account's own id when acting for it). */
  organizationId: string;
  mode: Mode;
  type: T;
  /** The resource as of the event, serialized as the API returns it (`EventObjects`). */
  object: EventObject<T>;
  /** The API version `object` is shaped in; the current one unless the caller says otherwise. */
  version?: string;
}

/** One event to record: its type decides the shape of its object. */
export type EmitEventInput = { [T in EventType]: EmitEventFields<T> }[EventType];

/** What emitting needs from the process: the clock for `created_at`, the queue to wake the dispatcher. */
export interface EmitDependencies {
  clock: Clock;
  jobs: JobQueue;
}

export class UnknownEventOrganizationError extends Error {
  constructor(organizationId: string) {
    super(`Cannot emit an event for unknown organization ${organizationId}`);
    this.name = 'UnknownEventOrganizationError';
  }
}

function newEvents(inputs: EmitEventInput[], at: Date): NewEvent[] {
  return inputs.map((input) => {
    if (!isEventType(input.type)) throw new Error(`Unknown event type ${input.type}`);
    const version = input.version ?? CURRENT_VERSION;
    if (!isKnownVersion(version)) throw new Error(`Unknown API version ${version} for event ${input.type}`);
    return {
      id: newId('evt', at.getTime()),
      organizationId: input.organizationId,
      mode: input.mode,
      type: input.type,
      apiVersion: version,
      object: JSON.stringify(input.object),
      createdAt: at,
    };
  });
}

const wakeKeyAt = (at: Date) => `${EVENTS_PUBLISHED_JOB.kind}:${Math.floor(at.getTime() / 1000)}`;

/** After the insert: every event must have been written, and the dispatcher woken when needed. */
async function settle(db: Db, events: NewEvent[], inserted: InsertedEvents, wakeKey: string, deps: EmitDependencies): Promise<void> {
  if (inserted.rows.length !== events.length) {
    const written = new Set(inserted.rows.map((row) => row.id));
    throw new UnknownEventOrganizationError(events.find((event) => !written.has(event.id))!.organizationId);
  }
  // A job already holding the key would make the enqueue a no-op: skip its round trips.
  if (inserted.deliveries > 0 && !inserted.wakePending) await deps.jobs.enqueue(db, EVENTS_PUBLISHED_JOB, {}, { dedupeKey: wakeKey });
}

/**
 * Records events in the caller's transaction `db`, with one webhook delivery per subscribed
 * endpoint, so that they commit (or roll back) with the state change they describe; nothing is
 * sent before commit. Many events in one call cost one statement.
 */
export async function emitEvents(
  db: Db,
  inputs: EmitEventInput[],
  deps: EmitDependencies,
  options: Pick<EventStatementOptions, 'deliverTo'> = {},
): Promise<EventRow[]> {
  if (inputs.length === 0) return [];
  const at = deps.clock.now();
  const events = newEvents(inputs, at);
  const wakeKey = wakeKeyAt(at);
  const inserted = await insertEvents(db, events, wakeKey, options);
  await settle(db, events, inserted, wakeKey, deps);
  const byId = new Map(inserted.rows.map((row) => [row.id, row]));
  return events.map((event) => byId.get(event.id)!);
}

/**
 * Events that the caller's own statement writes together with the change they describe (one
 * statement: atomic without a transaction). Put `parts.ctes` in its WITH list and `parts.columns`
 * in its final SELECT, then pass the output row to `settle` with whether the change was made.
 * Outside a transaction, the dispatcher's wake-up job that `settle` may enqueue commits after the
 * events; a crash in between leaves deliveries that the webhooks sweep (every 10 s) finds.
 */
export interface StatementEvents {
  parts: EventStatementParts;
  settle(db: Db, output: EventStatementOutput, changed: boolean): Promise<void>;
}

export function statementEvents(inputs: EmitEventInput[], deps: EmitDependencies, options: EventStatementOptions = {}): StatementEvents {
  const at = deps.clock.now();
  const events = newEvents(inputs, at);
  const wakeKey = wakeKeyAt(at);
  return {
    parts: eventStatementParts(events, wakeKey, options),
    settle: async (db, output, changed) => {
      if (changed) await settle(db, events, insertedEvents(events, output), wakeKey, deps);
    },
  };
}

/** Records one event in the caller's transaction; see `emitEvents`. */
export async function emitEvent(
  db: Db,
  input: EmitEventInput,
  deps: EmitDependencies,
  options: Pick<EventStatementOptions, 'deliverTo'> = {},
): Promise<EventRow> {
  const [row] = await emitEvents(db, [input], deps, options);
  return row!;
}
