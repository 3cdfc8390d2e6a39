-- Up Migration

-- A refused lead form post is no longer kept: the page it gets sends the visitor back to the form,
-- which the browser restores as typed (docs/product.md#forms-without-javascript).
DROP TABLE refused_form_posts;
DROP SEQUENCE refused_form_slots;

-- Down Migration
CREATE SEQUENCE refused_form_slots AS integer MINVALUE 1 MAXVALUE 10000 CYCLE;

CREATE UNLOGGED TABLE refused_form_posts (
  slot integer PRIMARY KEY CHECK (slot BETWEEN 1 AND 10000),
  token_hash bytea NOT NULL UNIQUE,
  form text NOT NULL,
  kept_until timestamptz NOT NULL
);
