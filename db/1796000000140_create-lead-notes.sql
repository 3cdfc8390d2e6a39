-- Up Migration

-- The sales team's private notes on a lead (docs/product.md#notes). Never part of what the prospect
-- or a webhook receives. Append-only: a note is never edited; its author may delete it within 15
-- minutes, which removes its text and records who deleted it and when.
CREATE TABLE lead_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_kind text NOT NULL CHECK (lead_kind IN ('contact', 'demo', 'get-started', 'newsletter')),
  lead_id bigint NOT NULL,
  -- No cascade: accounts are deactivated, never deleted, and their notes stay theirs.
  author_id bigint NOT NULL REFERENCES admin_users (id),
  body text CHECK (char_length(body) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  deleted_at timestamptz,
  deleted_by bigint REFERENCES admin_users (id),
  CHECK ((deleted_at IS NULL) = (deleted_by IS NULL)),
  CHECK ((body IS NULL) = (deleted_at IS NOT NULL))
);
CREATE INDEX lead_notes_lead_idx ON lead_notes (lead_kind, lead_id, id);

-- The database holds the rule too: the only change a note takes is its deletion (text gone, who and
-- when set), once; and no row is ever removed.
CREATE FUNCTION lead_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL AND NEW.body IS NULL
     AND NEW.id = OLD.id AND NEW.lead_kind = OLD.lead_kind AND NEW.lead_id = OLD.lead_id
     AND NEW.author_id = OLD.author_id AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'lead notes are append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER lead_notes_append_only BEFORE UPDATE OR DELETE ON lead_notes
  FOR EACH ROW EXECUTE FUNCTION lead_notes_append_only();
CREATE TRIGGER lead_notes_no_truncate BEFORE TRUNCATE ON lead_notes
  FOR EACH STATEMENT EXECUTE FUNCTION lead_notes_append_only();

-- Down Migration
DROP TABLE lead_notes;
DROP FUNCTION lead_notes_append_only();
