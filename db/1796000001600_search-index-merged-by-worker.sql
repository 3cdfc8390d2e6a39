-- Up Migration

-- The trigram indexes of the desk's search take new entries into their pending list again (GIN's
-- fastupdate, the default), and the job worker merges the list every second
-- (docs/operations.md#search-index). Updating the index for each insert, as the
-- search-index-without-pending-list migration had it, wrote several kilobytes of WAL for each
-- lead (one record per trigram), more than the lead's row and every other index together, and the
-- leads' commits waited for it. A second's entries merged at once cost far less. An insert that
-- finds the list full still merges it itself, as before that migration. With the worker running
-- the list holds about a second's leads, and its limit is raised from PostgreSQL's 4 MB (a few
-- thousand leads) to 16 MB, so that a rush does not fill it between two merges. Without a worker,
-- autovacuum merges it.
ALTER INDEX contact_submissions_search_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 16384);
ALTER INDEX demo_requests_search_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 16384);
ALTER INDEX get_started_requests_search_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 16384);
ALTER INDEX newsletter_subscribers_email_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 16384);

-- Down Migration
ALTER INDEX contact_submissions_search_trgm_idx RESET (gin_pending_list_limit);
ALTER INDEX contact_submissions_search_trgm_idx SET (fastupdate = off);
ALTER INDEX demo_requests_search_trgm_idx RESET (gin_pending_list_limit);
ALTER INDEX demo_requests_search_trgm_idx SET (fastupdate = off);
ALTER INDEX get_started_requests_search_trgm_idx RESET (gin_pending_list_limit);
ALTER INDEX get_started_requests_search_trgm_idx SET (fastupdate = off);
ALTER INDEX newsletter_subscribers_email_trgm_idx RESET (gin_pending_list_limit);
ALTER INDEX newsletter_subscribers_email_trgm_idx SET (fastupdate = off);
SELECT gin_clean_pending_list(i::regclass)
  FROM unnest(ARRAY['contact_submissions_search_trgm_idx', 'demo_requests_search_trgm_idx',
                    'get_started_requests_search_trgm_idx', 'newsletter_subscribers_email_trgm_idx']) AS i;
