export { registerEventRoutes } from './routes.ts';
export {
  emitEvent,
  emitEvents,
  EVENTS_PUBLISHED_JOB,
  statementEvents,
  UnknownEventOrganizationError,
  type EmitDependencies,
  type EmitEventInput,
  type StatementEvents,
} from './emit.ts';
export { findEvent, type EventRow, type EventStatementOptions, type EventStatementOutput } from './repository.ts';
export { renderEventJson } from './serialize.ts';
export { isSubscriptionPattern, subscribes, type EventType } from './types.ts';
/** @public The interface other modules augment with their event objects (`types.ts`). */
export type { EventObjects } from './types.ts';
