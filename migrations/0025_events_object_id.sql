-- An object's timeline: GET /v1/events?object_id= reads the events about one object by the id
-- inside their JSON text (a profile's sync, which has no id of its own, by its profile's id),
-- newest first. The expression is the one src/modules/events/repository.ts filters on.
CREATE INDEX events_object ON events (organization_id, mode, (coalesce(object::jsonb ->> 'id', object::jsonb ->> 'fiscal_profile_id')), id DESC);
