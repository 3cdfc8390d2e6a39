-- Up Migration

-- Finding a person looks in the leads' attribution too (campaign tools put the recipient's address
-- in utm_content or utm_term; docs/product.md#personal-data-find). A scan of every lead's attribution
-- text per request would read millions of rows: the addresses each lead's attribution holds are
-- indexed instead, as whole addresses (the longest run of address characters around an '@'), so
-- `ada@example.org` is not found inside `xada@example.org.uk`. Most leads hold none.
CREATE FUNCTION lead_attribution_addresses(VARIADIC parts text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $fn$
    SELECT ARRAY(
      SELECT DISTINCT m[1]
        FROM pg_catalog.regexp_matches(
               pg_catalog.lower(pg_catalog.array_to_string(parts, ' ')),
               '([a-z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*)', 'g') AS m)
  $fn$;

CREATE INDEX contact_submissions_attribution_addresses ON contact_submissions USING gin (
  lead_attribution_addresses(landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content));
CREATE INDEX demo_requests_attribution_addresses ON demo_requests USING gin (
  lead_attribution_addresses(landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content));
CREATE INDEX get_started_requests_attribution_addresses ON get_started_requests USING gin (
  lead_attribution_addresses(landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content));

-- Down Migration

DROP INDEX get_started_requests_attribution_addresses;
DROP INDEX demo_requests_attribution_addresses;
DROP INDEX contact_submissions_attribution_addresses;
DROP FUNCTION lead_attribution_addresses(text[]);
