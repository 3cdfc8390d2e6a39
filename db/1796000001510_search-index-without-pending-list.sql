-- Up Migration

-- The trigram indexes that the desk's search reads (docs/product.md's lists) took new entries into
-- their pending list (GIN's fastupdate, on by default), and the insert that found the list full
-- merged all of it into the index before it could commit: every few thousand leads, one visitor's
-- submission (and those batched with it) waited tens of milliseconds more. With fastupdate off,
-- each insert updates the index itself, a little at a time, and searches never scan a pending list.
-- Entries already pending are merged now.
ALTER INDEX contact_submissions_search_trgm_idx SET (fastupdate = off);
ALTER INDEX demo_requests_search_trgm_idx SET (fastupdate = off);
ALTER INDEX get_started_requests_search_trgm_idx SET (fastupdate = off);
ALTER INDEX newsletter_subscribers_email_trgm_idx SET (fastupdate = off);
SELECT gin_clean_pending_list(i::regclass)
  FROM unnest(ARRAY['contact_submissions_search_trgm_idx', 'demo_requests_search_trgm_idx',
                    'get_started_requests_search_trgm_idx', 'newsletter_subscribers_email_trgm_idx']) AS i;

-- Down Migration
ALTER INDEX contact_submissions_search_trgm_idx RESET (fastupdate);
ALTER INDEX demo_requests_search_trgm_idx RESET (fastupdate);
ALTER INDEX get_started_requests_search_trgm_idx RESET (fastupdate);
ALTER INDEX newsletter_subscribers_email_trgm_idx RESET (fastupdate);
