-- Up Migration

-- Double opt-in (docs/product.md#leads): a subscriber is pending until they confirm by email, then
-- active; inactive once they unsubscribe or the desk deactivates them; only their own confirmation
-- makes them active again. Subscriptions from before double opt-in keep the state they had (the
-- default 'active' for existing rows costs no table rewrite; only inactive ones are updated).
ALTER TABLE newsletter_subscribers
  ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('pending', 'active', 'inactive')),
  ADD COLUMN confirmed_at timestamptz;
UPDATE newsletter_subscribers SET status = 'inactive' WHERE NOT is_active;
ALTER TABLE newsletter_subscribers ALTER COLUMN status SET DEFAULT 'pending';
ALTER TABLE newsletter_subscribers DROP COLUMN is_active;

-- What a subscriber was shown when they subscribed, word for word, by a versioned id: a changed
-- wording gets a new id, so a consent always points at the text its person saw.
CREATE TABLE consent_wordings (
  id text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 100),
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Each subscription request: when, from which address, with which wording; and when (and from
-- which address) its confirmation link was used. Like the outbox and the history, it points at its
-- subscriber without a foreign key: a record of consent outlives a truncated or restored table.
CREATE TABLE newsletter_consents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscriber_id bigint NOT NULL,
  wording_id text NOT NULL REFERENCES consent_wordings (id),
  ip text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  confirmed_at timestamptz,
  confirmed_ip text
);
CREATE INDEX newsletter_consents_subscriber_idx ON newsletter_consents (subscriber_id, requested_at DESC);

-- "Subscribers" on the desk are active ones only: counted like the lead counters (slots by backend
-- pid, see the add-lead-counters migration) under their own key, one row trigger per change.
CREATE FUNCTION count_active_subscribers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_delta int := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN v_delta := v_delta + 1; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN v_delta := v_delta - 1; END IF;
  IF v_delta <> 0 THEN
    INSERT INTO lead_counts AS c (lead_table, slot, n)
    VALUES ('newsletter_subscribers:active', pg_backend_pid() % 64, v_delta)
    ON CONFLICT (lead_table, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION forget_active_subscribers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_counts WHERE lead_table = 'newsletter_subscribers:active';
  RETURN NULL;
END $$;

CREATE TRIGGER newsletter_subscribers_count_active
  AFTER INSERT OR UPDATE OF status OR DELETE ON newsletter_subscribers
  FOR EACH ROW EXECUTE FUNCTION count_active_subscribers();
CREATE TRIGGER newsletter_subscribers_forget_active AFTER TRUNCATE ON newsletter_subscribers
  FOR EACH STATEMENT EXECUTE FUNCTION forget_active_subscribers();

INSERT INTO lead_counts (lead_table, slot, n)
SELECT 'newsletter_subscribers:active', 0, count(*) FROM newsletter_subscribers WHERE status = 'active';

-- Down Migration
DELETE FROM lead_counts WHERE lead_table = 'newsletter_subscribers:active';
DROP TRIGGER newsletter_subscribers_forget_active ON newsletter_subscribers;
DROP TRIGGER newsletter_subscribers_count_active ON newsletter_subscribers;
DROP FUNCTION forget_active_subscribers();
DROP FUNCTION count_active_subscribers();
DROP TABLE newsletter_consents;
DROP TABLE consent_wordings;
ALTER TABLE newsletter_subscribers ADD COLUMN is_active boolean NOT NULL DEFAULT true;
UPDATE newsletter_subscribers SET is_active = (status = 'active');
ALTER TABLE newsletter_subscribers DROP COLUMN confirmed_at, DROP COLUMN status;
