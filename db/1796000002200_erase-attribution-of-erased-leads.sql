-- Up Migration

-- Erasure now also empties what the visitor's browser sent with a lead (landing page, referrer,
-- utm_*: campaign tools put the recipient's address in utm_content and utm_term;
-- docs/product.md#erasure). Leads erased before keep theirs: they go here. The lead tables' update
-- triggers move those leads' day counts to the 'direct' source; the counter rows left under the
-- old sources, which add up to nothing, go too (the chart's and the overview's figures stay).
UPDATE contact_submissions
   SET landing_page = '', referrer = '', utm_source = '', utm_medium = '', utm_campaign = '', utm_term = '', utm_content = ''
 WHERE erased_at IS NOT NULL
   AND (landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content) <> ('', '', '', '', '', '', '');
UPDATE demo_requests
   SET landing_page = '', referrer = '', utm_source = '', utm_medium = '', utm_campaign = '', utm_term = '', utm_content = ''
 WHERE erased_at IS NOT NULL
   AND (landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content) <> ('', '', '', '', '', '', '');
UPDATE get_started_requests
   SET landing_page = '', referrer = '', utm_source = '', utm_medium = '', utm_campaign = '', utm_term = '', utm_content = ''
 WHERE erased_at IS NOT NULL
   AND (landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content) <> ('', '', '', '', '', '', '');

DELETE FROM lead_daily_counts d
 USING (SELECT lead_table, day, source FROM lead_daily_counts
         WHERE source <> '' AND source <> 'direct'
         GROUP BY lead_table, day, source HAVING sum(n) = 0) e
 WHERE (d.lead_table, d.day, d.source) = (e.lead_table, e.day, e.source);

-- Down Migration

-- What was erased is not brought back.
SELECT 1;
