-- Up Migration

-- A lead form post refused for a reason a person can act on, kept 30 minutes so the page the
-- browser is sent to can show the form again as it was typed (docs/product.md#forms-without-javascript).
-- In PostgreSQL, so whichever API process answers that page finds it. Unlogged: a crash of the
-- database may lose these pages and nothing else. A ring of fixed size: each post takes the next
-- slot, overwriting what was there, so a flood of refused posts never grows the table.
CREATE SEQUENCE refused_form_slots AS integer MINVALUE 1 MAXVALUE 10000 CYCLE;

CREATE UNLOGGED TABLE refused_form_posts (
  slot integer PRIMARY KEY CHECK (slot BETWEEN 1 AND 10000),
  -- SHA-256 of the page's token: the table alone opens no page.
  token_hash bytea NOT NULL UNIQUE,
  -- JSON as text: what was typed may hold characters jsonb cannot (U+0000), refused as they are.
  form text NOT NULL,
  kept_until timestamptz NOT NULL
);

-- Down Migration
DROP TABLE refused_form_posts;
DROP SEQUENCE refused_form_slots;
