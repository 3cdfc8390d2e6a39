-- Up Migration

-- Where each lead came from (docs/product.md#attribution): the visit's first page on the site, the
-- referring site's origin (never its full address) and the five utm_* parameters, as the browser
-- kept them for the visit. '' when unknown, like every other optional lead field. A constant
-- default adds the columns without rewriting the tables.
ALTER TABLE contact_submissions
  ADD COLUMN landing_page text NOT NULL DEFAULT '',
  ADD COLUMN referrer text NOT NULL DEFAULT '',
  ADD COLUMN utm_source text NOT NULL DEFAULT '',
  ADD COLUMN utm_medium text NOT NULL DEFAULT '',
  ADD COLUMN utm_campaign text NOT NULL DEFAULT '',
  ADD COLUMN utm_term text NOT NULL DEFAULT '',
  ADD COLUMN utm_content text NOT NULL DEFAULT '';
ALTER TABLE demo_requests
  ADD COLUMN landing_page text NOT NULL DEFAULT '',
  ADD COLUMN referrer text NOT NULL DEFAULT '',
  ADD COLUMN utm_source text NOT NULL DEFAULT '',
  ADD COLUMN utm_medium text NOT NULL DEFAULT '',
  ADD COLUMN utm_campaign text NOT NULL DEFAULT '',
  ADD COLUMN utm_term text NOT NULL DEFAULT '',
  ADD COLUMN utm_content text NOT NULL DEFAULT '';
ALTER TABLE get_started_requests
  ADD COLUMN landing_page text NOT NULL DEFAULT '',
  ADD COLUMN referrer text NOT NULL DEFAULT '',
  ADD COLUMN utm_source text NOT NULL DEFAULT '',
  ADD COLUMN utm_medium text NOT NULL DEFAULT '',
  ADD COLUMN utm_campaign text NOT NULL DEFAULT '',
  ADD COLUMN utm_term text NOT NULL DEFAULT '',
  ADD COLUMN utm_content text NOT NULL DEFAULT '';

-- Down Migration

ALTER TABLE contact_submissions
  DROP COLUMN landing_page, DROP COLUMN referrer, DROP COLUMN utm_source, DROP COLUMN utm_medium,
  DROP COLUMN utm_campaign, DROP COLUMN utm_term, DROP COLUMN utm_content;
ALTER TABLE demo_requests
  DROP COLUMN landing_page, DROP COLUMN referrer, DROP COLUMN utm_source, DROP COLUMN utm_medium,
  DROP COLUMN utm_campaign, DROP COLUMN utm_term, DROP COLUMN utm_content;
ALTER TABLE get_started_requests
  DROP COLUMN landing_page, DROP COLUMN referrer, DROP COLUMN utm_source, DROP COLUMN utm_medium,
  DROP COLUMN utm_campaign, DROP COLUMN utm_term, DROP COLUMN utm_content;
