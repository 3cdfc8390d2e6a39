-- Up Migration

-- The proof-of-work check on the lead forms (docs/product.md#spam).

-- Each solved challenge once: a challenge is redeemed with the first lead that brings its solution,
-- and kept until it expires (10 minutes after it was issued), when no solution for it can pass any
-- more. Housekeeping deletes expired ones.
CREATE TABLE spam_redemptions (
  challenge text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX spam_redemptions_expires_at_idx ON spam_redemptions (expires_at);

-- The check's outcome on each lead, as the check saw it when the lead came in: '' when the check
-- was off, 'passed', or why it did not pass (SpamCheck in the contract). In monitor mode every lead
-- is stored with its outcome; in enforce mode only passed ones come straight here.
ALTER TABLE contact_submissions ADD COLUMN spam_check text NOT NULL DEFAULT '';
ALTER TABLE demo_requests ADD COLUMN spam_check text NOT NULL DEFAULT '';
ALTER TABLE get_started_requests ADD COLUMN spam_check text NOT NULL DEFAULT '';

-- Leads held as suspected spam (enforce mode): kept outside the lead tables, so none of their
-- triggers run (no alert, no acknowledgment, no webhook, no count). `id` is drawn from the lead
-- table's own sequence and `fields` holds the lead's columns, so releasing one ("Not spam") inserts
-- it into its table with the id and date its sender was given. Deleted after 30 days.
CREATE TABLE suspected_spam (
  lead_kind text NOT NULL CHECK (lead_kind IN ('contact', 'demo', 'get-started')),
  id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  reason text NOT NULL,
  fields jsonb NOT NULL,
  PRIMARY KEY (lead_kind, id)
);
CREATE INDEX suspected_spam_created_at_idx ON suspected_spam (created_at, lead_kind, id);

-- Down Migration

DROP TABLE suspected_spam;
ALTER TABLE contact_submissions DROP COLUMN spam_check;
ALTER TABLE demo_requests DROP COLUMN spam_check;
ALTER TABLE get_started_requests DROP COLUMN spam_check;
DROP TABLE spam_redemptions;
