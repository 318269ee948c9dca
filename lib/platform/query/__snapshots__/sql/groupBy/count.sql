-- ===== GET /analytics?groupBy=count&event=composite&interval=7d

-- statement 1
WITH f AS (
SELECT count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
UNION ALL
SELECT sum(r.events)::BIGINT AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.slot r
WHERE r.kind = 'clicks' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
UNION ALL
SELECT 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
UNION ALL
SELECT 0 AS clicks, sum(r.events)::BIGINT AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.slot r
WHERE r.kind = 'leads' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
UNION ALL
SELECT 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
UNION ALL
SELECT 0 AS clicks, 0 AS leads, sum(r.events)::BIGINT AS sales, sum(r.amount)::BIGINT AS sale_amount FROM analytics_rollups.slot r
WHERE r.kind = 'sales' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
)
SELECT coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f
-- $ws = 'ws_acme'
-- $tail_start = TIMESTAMPTZ '2026-03-15 12:00:00+00'
-- $tail_end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $rollup_from = 1969968
-- $rollup_to = 1970640

-- ===== GET /analytics?groupBy=count&event=composite&interval=7d&country=US,DE

-- statement 1
WITH f AS (
SELECT count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
  AND list_contains($country, e.country)
UNION ALL
SELECT count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
  AND list_contains($country, e.country)
UNION ALL
SELECT sum(r.events)::BIGINT AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.day__country r
WHERE r.kind = 'clicks' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
  AND list_contains($country, r.country)
UNION ALL
SELECT 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
  AND list_contains($country, e.country)
UNION ALL
SELECT 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
  AND list_contains($country, e.country)
UNION ALL
SELECT 0 AS clicks, sum(r.events)::BIGINT AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.day__country r
WHERE r.kind = 'leads' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
  AND list_contains($country, r.country)
UNION ALL
SELECT 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
  AND list_contains($country, e.country)
UNION ALL
SELECT 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
  AND list_contains($country, e.country)
UNION ALL
SELECT 0 AS clicks, 0 AS leads, sum(r.events)::BIGINT AS sales, sum(r.amount)::BIGINT AS sale_amount FROM analytics_rollups.day__country r
WHERE r.kind = 'sales' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
  AND list_contains($country, r.country)
)
SELECT coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f
-- $ws = 'ws_acme'
-- $head_start = TIMESTAMPTZ '2026-03-08 12:00:00+00'
-- $head_end = TIMESTAMPTZ '2026-03-09 00:00:00+00'
-- $country = ['US', 'DE']
-- $tail_start = TIMESTAMPTZ '2026-03-15 00:00:00+00'
-- $tail_end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $rollup_from = 20521
-- $rollup_to = 20527
