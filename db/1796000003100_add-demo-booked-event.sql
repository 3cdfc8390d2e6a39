-- Up Migration

-- Webhooks gain `demo.booked`: a prospect booked one of the schedule's open slots
-- (docs/demo-slots.md#picking-a-time). The checks are added unvalidated and validated after, so
-- the rows already there are read without holding off the writers meanwhile.
ALTER TABLE webhook_endpoints
  DROP CONSTRAINT webhook_endpoints_events_check,
  ADD CONSTRAINT webhook_endpoints_events_check CHECK (cardinality(events) > 0 AND events <@ ARRAY[
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed', 'newsletter.unsubscribed',
    'lead.assigned', 'person.erased', 'demo.booked']) NOT VALID;
ALTER TABLE webhook_endpoints VALIDATE CONSTRAINT webhook_endpoints_events_check;
ALTER TABLE webhook_events
  DROP CONSTRAINT webhook_events_type_check,
  ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed',
    'newsletter.unsubscribed', 'webhook.test', 'lead.assigned', 'person.erased', 'demo.booked')) NOT VALID;
ALTER TABLE webhook_events VALIDATE CONSTRAINT webhook_events_type_check;

-- Down Migration
DELETE FROM webhook_events WHERE type = 'demo.booked';
UPDATE webhook_endpoints SET events = array_remove(events, 'demo.booked') WHERE 'demo.booked' = ANY (events);
DELETE FROM webhook_endpoints WHERE cardinality(events) = 0;
ALTER TABLE webhook_events
  DROP CONSTRAINT webhook_events_type_check,
  ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed',
    'newsletter.unsubscribed', 'webhook.test', 'lead.assigned', 'person.erased'));
ALTER TABLE webhook_endpoints
  DROP CONSTRAINT webhook_endpoints_events_check,
  ADD CONSTRAINT webhook_endpoints_events_check CHECK (cardinality(events) > 0 AND events <@ ARRAY[
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed', 'newsletter.unsubscribed',
    'lead.assigned', 'person.erased']);
