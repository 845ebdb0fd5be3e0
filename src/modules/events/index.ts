export { registerEventRoutes } from './routes.ts';
export {
  emitEvent, emitEvents, EVENTS_PUBLISHED_JOB, statementEvents, UnknownEventOrganizationError,
  type EmitDependencies, type EmitEventInput, type StatementEvents,
} from './emit.ts';
export { findEvent, type EventRow, type EventStatementOptions, type EventStatementOutput } from './repository.ts';
export { renderEvent, renderEventJson, type RenderedEvent } from './serialize.ts';
export { Event } from './schemas.ts';
export {
  EVENT_NAMESPACES, EVENT_TYPES, isEventType, isSubscriptionPattern, namespaceOf, patternsMatching, subscribes,
  type EventType,
} from './types.ts';
