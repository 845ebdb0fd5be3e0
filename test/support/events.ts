// The events module's emitters with a loose `object`. Tests of routing, delivery and durability
// emit events whose `data.object` is a stand-in (an id, a marker): the object's shape per type,
// which production emitters must follow (`EventObjects`), is not what those tests are about.
import type { Mode } from '../../src/platform/context.ts';
import * as events from '../../src/modules/events/index.ts';
import type { EmitEventInput, EventType } from '../../src/modules/events/index.ts';

/** An event to emit whose object is any JSON object. */
export interface LooseEventInput {
  organizationId: string;
  mode: Mode;
  type: EventType;
  object: object;
  version?: string;
}

type LooseOne<F> = F extends (db: infer D, input: EmitEventInput, ...rest: infer R) => infer O ? (db: D, input: LooseEventInput, ...rest: R) => O : never;
type LooseMany<F> = F extends (db: infer D, inputs: EmitEventInput[], ...rest: infer R) => infer O
  ? (db: D, inputs: LooseEventInput[], ...rest: R) => O
  : never;
type LooseStatement<F> = F extends (inputs: EmitEventInput[], ...rest: infer R) => infer O ? (inputs: LooseEventInput[], ...rest: R) => O : never;

export const emitEvent = events.emitEvent as LooseOne<typeof events.emitEvent>;
export const emitEvents = events.emitEvents as LooseMany<typeof events.emitEvents>;
export const statementEvents = events.statementEvents as LooseStatement<typeof events.statementEvents>;
