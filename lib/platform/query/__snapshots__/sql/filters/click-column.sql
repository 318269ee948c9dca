-- ===== GET /analytics?groupBy=count&event=clicks&country=US,DE

-- statement 1
WITH f AS (
SELECT count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND list_contains($country, e.country)
)
SELECT coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2026-03-14 12:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $country = ['US', 'DE']

-- ===== GET /analytics?groupBy=count&event=leads&country=US,DE

-- statement 1
WITH f AS (
SELECT 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND e.click_id IN (SELECT c.id FROM conversion_clicks c WHERE c.workspace_id = $ws AND list_contains($country, c.country))
)
SELECT coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2026-03-14 12:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $country = ['US', 'DE']
