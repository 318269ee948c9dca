-- ===== GET /analytics?groupBy=continents&event=composite&interval=7d

-- statement 1
WITH f AS (
SELECT e.continent AS continent, count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
GROUP BY e.continent
UNION ALL
SELECT e.continent AS continent, count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
GROUP BY e.continent
UNION ALL
SELECT r.continent AS continent, sum(r.events)::BIGINT AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.continent r
WHERE r.kind = 'clicks' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
GROUP BY r.continent
UNION ALL
SELECT e.continent AS continent, 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
GROUP BY e.continent
UNION ALL
SELECT e.continent AS continent, 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
GROUP BY e.continent
UNION ALL
SELECT r.continent AS continent, 0 AS clicks, sum(r.events)::BIGINT AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.continent r
WHERE r.kind = 'leads' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
GROUP BY r.continent
UNION ALL
SELECT e.continent AS continent, 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
GROUP BY e.continent
UNION ALL
SELECT e.continent AS continent, 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
GROUP BY e.continent
UNION ALL
SELECT r.continent AS continent, 0 AS clicks, 0 AS leads, sum(r.events)::BIGINT AS sales, sum(r.amount)::BIGINT AS sale_amount FROM analytics_rollups.continent r
WHERE r.kind = 'sales' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
GROUP BY r.continent
)
SELECT f.continent AS continent, coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount
FROM f
GROUP BY f.continent
HAVING coalesce(sum(f.clicks), 0) + coalesce(sum(f.leads), 0) + coalesce(sum(f.sales), 0) > 0
ORDER BY clicks DESC, continent
LIMIT 1000
-- $ws = 'ws_acme'
-- $head_start = TIMESTAMPTZ '2026-03-08 12:00:00+00'
-- $head_end = TIMESTAMPTZ '2026-03-09 00:00:00+00'
-- $tail_start = TIMESTAMPTZ '2026-03-15 00:00:00+00'
-- $tail_end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $rollup_from = 20521
-- $rollup_to = 20527

-- ===== GET /analytics?groupBy=continents&event=composite&interval=7d&country=US,DE

-- statement 1
WITH f AS (
SELECT e.continent AS continent, count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
  AND list_contains($country, e.country)
GROUP BY e.continent
UNION ALL
SELECT e.continent AS continent, count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
  AND list_contains($country, e.country)
GROUP BY e.continent
UNION ALL
SELECT r.continent AS continent, sum(r.events)::BIGINT AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.day__cube r
WHERE r.kind = 'clicks' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
  AND list_contains($country, r.country)
GROUP BY r.continent
UNION ALL
SELECT e.continent AS continent, 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
  AND list_contains($country, e.country)
GROUP BY e.continent
UNION ALL
SELECT e.continent AS continent, 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
  AND list_contains($country, e.country)
GROUP BY e.continent
UNION ALL
SELECT r.continent AS continent, 0 AS clicks, sum(r.events)::BIGINT AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.day__cube r
WHERE r.kind = 'leads' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
  AND list_contains($country, r.country)
GROUP BY r.continent
UNION ALL
SELECT e.continent AS continent, 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
  AND list_contains($country, e.country)
GROUP BY e.continent
UNION ALL
SELECT e.continent AS continent, 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
  AND list_contains($country, e.country)
GROUP BY e.continent
UNION ALL
SELECT r.continent AS continent, 0 AS clicks, 0 AS leads, sum(r.events)::BIGINT AS sales, sum(r.amount)::BIGINT AS sale_amount FROM analytics_rollups.day__cube r
WHERE r.kind = 'sales' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
  AND list_contains($country, r.country)
GROUP BY r.continent
)
SELECT f.continent AS continent, coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount
FROM f
GROUP BY f.continent
HAVING coalesce(sum(f.clicks), 0) + coalesce(sum(f.leads), 0) + coalesce(sum(f.sales), 0) > 0
ORDER BY clicks DESC, continent
LIMIT 1000
-- $ws = 'ws_acme'
-- $head_start = TIMESTAMPTZ '2026-03-08 12:00:00+00'
-- $head_end = TIMESTAMPTZ '2026-03-09 00:00:00+00'
-- $country = ['US', 'DE']
-- $tail_start = TIMESTAMPTZ '2026-03-15 00:00:00+00'
-- $tail_end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $rollup_from = 20521
-- $rollup_to = 20527
