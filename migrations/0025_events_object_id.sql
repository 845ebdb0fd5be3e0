-- An object's timeline: GET /v1/events?object_id= reads the events about one object by the id
-- inside their JSON text, newest first.
CREATE INDEX events_object ON events (organization_id, mode, ((object::jsonb ->> 'id')), id DESC);
