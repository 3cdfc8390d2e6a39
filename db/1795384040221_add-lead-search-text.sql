-- Up Migration

-- The admin search matches a substring of the name, email or company, case-insensitively.
-- ILIKE over three columns lower-cases each value for every row it tests (about 4 µs a row),
-- and needed three trigram indexes. One stored, already lower-cased text per row, with the
-- fields joined by U+001F (a control character no search term contains; the app falls back to
-- per-column ILIKE for one that does), is tested with a plain LIKE (about 0.3 µs a row) and
-- needs one trigram index. Adding the column rewrites each table once.
ALTER TABLE contact_submissions
  ADD COLUMN search_text text NOT NULL
  GENERATED ALWAYS AS (lower(name || E'\x1f' || email || E'\x1f' || company)) STORED;
CREATE INDEX contact_submissions_search_trgm_idx ON contact_submissions USING gin (search_text gin_trgm_ops);
DROP INDEX contact_submissions_name_trgm_idx;
DROP INDEX contact_submissions_email_trgm_idx;
DROP INDEX contact_submissions_company_trgm_idx;

ALTER TABLE demo_requests
  ADD COLUMN search_text text NOT NULL
  GENERATED ALWAYS AS (lower(name || E'\x1f' || email || E'\x1f' || company)) STORED;
CREATE INDEX demo_requests_search_trgm_idx ON demo_requests USING gin (search_text gin_trgm_ops);
DROP INDEX demo_requests_name_trgm_idx;
DROP INDEX demo_requests_email_trgm_idx;
DROP INDEX demo_requests_company_trgm_idx;

ALTER TABLE get_started_requests
  ADD COLUMN search_text text NOT NULL
  GENERATED ALWAYS AS (lower(name || E'\x1f' || email || E'\x1f' || company)) STORED;
CREATE INDEX get_started_requests_search_trgm_idx ON get_started_requests USING gin (search_text gin_trgm_ops);
DROP INDEX get_started_requests_name_trgm_idx;
DROP INDEX get_started_requests_email_trgm_idx;
DROP INDEX get_started_requests_company_trgm_idx;

-- Subscribers are searched by email alone, which is stored lower-cased already: its existing
-- trigram index serves a plain LIKE.

-- Down Migration
CREATE INDEX get_started_requests_name_trgm_idx ON get_started_requests USING gin (name gin_trgm_ops);
CREATE INDEX get_started_requests_email_trgm_idx ON get_started_requests USING gin (email gin_trgm_ops);
CREATE INDEX get_started_requests_company_trgm_idx ON get_started_requests USING gin (company gin_trgm_ops);
DROP INDEX get_started_requests_search_trgm_idx;
ALTER TABLE get_started_requests DROP COLUMN search_text;

CREATE INDEX demo_requests_name_trgm_idx ON demo_requests USING gin (name gin_trgm_ops);
CREATE INDEX demo_requests_email_trgm_idx ON demo_requests USING gin (email gin_trgm_ops);
CREATE INDEX demo_requests_company_trgm_idx ON demo_requests USING gin (company gin_trgm_ops);
DROP INDEX demo_requests_search_trgm_idx;
ALTER TABLE demo_requests DROP COLUMN search_text;

CREATE INDEX contact_submissions_name_trgm_idx ON contact_submissions USING gin (name gin_trgm_ops);
CREATE INDEX contact_submissions_email_trgm_idx ON contact_submissions USING gin (email gin_trgm_ops);
CREATE INDEX contact_submissions_company_trgm_idx ON contact_submissions USING gin (company gin_trgm_ops);
DROP INDEX contact_submissions_search_trgm_idx;
ALTER TABLE contact_submissions DROP COLUMN search_text;
