-- ===== GET /analytics?groupBy=timeseries&event=composite&interval=7d

-- statement 1
WITH f AS (
SELECT epoch_us(e.timestamp) // 900000000 AS slot, count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
GROUP BY epoch_us(e.timestamp) // 900000000
UNION ALL
SELECT r.t AS slot, sum(r.events)::BIGINT AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.slot r
WHERE r.kind = 'clicks' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
GROUP BY r.t
UNION ALL
SELECT epoch_us(e.timestamp) // 900000000 AS slot, 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
GROUP BY epoch_us(e.timestamp) // 900000000
UNION ALL
SELECT r.t AS slot, 0 AS clicks, sum(r.events)::BIGINT AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.slot r
WHERE r.kind = 'leads' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
GROUP BY r.t
UNION ALL
SELECT epoch_us(e.timestamp) // 900000000 AS slot, 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
GROUP BY epoch_us(e.timestamp) // 900000000
UNION ALL
SELECT r.t AS slot, 0 AS clicks, 0 AS leads, sum(r.events)::BIGINT AS sales, sum(r.amount)::BIGINT AS sale_amount FROM analytics_rollups.slot r
WHERE r.kind = 'sales' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
GROUP BY r.t
),
s AS (SELECT bucket, epoch_us(bucket) // 900000000 AS first_slot FROM (SELECT g.local AT TIME ZONE $tz AS bucket FROM generate_series(date_trunc('day', $series_first AT TIME ZONE $tz), date_trunc('day', $series_last AT TIME ZONE $tz), INTERVAL 1 DAY) g(local))),
b AS (SELECT s.bucket, coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f ASOF JOIN s ON f.slot >= s.first_slot GROUP BY s.bucket)
SELECT s.bucket AS start, coalesce(b.clicks, 0)::BIGINT AS clicks, coalesce(b.leads, 0)::BIGINT AS leads,
  coalesce(b.sales, 0)::BIGINT AS sales, coalesce(b.sale_amount, 0)::BIGINT AS sale_amount
FROM s LEFT JOIN b ON b.bucket = s.bucket ORDER BY s.bucket
-- $ws = 'ws_acme'
-- $tail_start = TIMESTAMPTZ '2026-03-15 12:00:00+00'
-- $tail_end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $rollup_from = 1969968
-- $rollup_to = 1970640
-- $tz = 'UTC'
-- $series_first = TIMESTAMPTZ '2026-03-08 12:00:00+00'
-- $series_last = TIMESTAMPTZ '2026-03-15 12:00:00+00'

-- ===== GET /analytics?groupBy=timeseries&event=composite&interval=7d&country=US,DE

-- statement 1
SELECT g.local AT TIME ZONE $tz AS bucket FROM generate_series(date_trunc('day', $series_first AT TIME ZONE $tz), date_trunc('day', $series_last AT TIME ZONE $tz), INTERVAL 1 DAY) g(local)
-- $tz = 'UTC'
-- $series_first = TIMESTAMPTZ '2026-03-08 12:00:00+00'
-- $series_last = TIMESTAMPTZ '2026-03-15 12:00:00+00'

-- statement 2
WITH f AS (
SELECT epoch_us(e.timestamp) // 900000000 AS slot, count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
  AND list_contains($country, e.country)
GROUP BY epoch_us(e.timestamp) // 900000000
UNION ALL
SELECT epoch_us(e.timestamp) // 900000000 AS slot, count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
  AND list_contains($country, e.country)
GROUP BY epoch_us(e.timestamp) // 900000000
UNION ALL
SELECT r.t * 96 AS slot, sum(r.events)::BIGINT AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.day__country r
WHERE r.kind = 'clicks' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
  AND list_contains($country, r.country)
GROUP BY r.t * 96
UNION ALL
SELECT epoch_us(e.timestamp) // 900000000 AS slot, 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
  AND list_contains($country, e.country)
GROUP BY epoch_us(e.timestamp) // 900000000
UNION ALL
SELECT epoch_us(e.timestamp) // 900000000 AS slot, 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
  AND list_contains($country, e.country)
GROUP BY epoch_us(e.timestamp) // 900000000
UNION ALL
SELECT r.t * 96 AS slot, 0 AS clicks, sum(r.events)::BIGINT AS leads, 0 AS sales, 0 AS sale_amount FROM analytics_rollups.day__country r
WHERE r.kind = 'leads' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
  AND list_contains($country, r.country)
GROUP BY r.t * 96
UNION ALL
SELECT epoch_us(e.timestamp) // 900000000 AS slot, 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $head_start
  AND e.timestamp < $head_end
  AND list_contains($country, e.country)
GROUP BY epoch_us(e.timestamp) // 900000000
UNION ALL
SELECT epoch_us(e.timestamp) // 900000000 AS slot, 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $tail_start
  AND e.timestamp < $tail_end
  AND list_contains($country, e.country)
GROUP BY epoch_us(e.timestamp) // 900000000
UNION ALL
SELECT r.t * 96 AS slot, 0 AS clicks, 0 AS leads, sum(r.events)::BIGINT AS sales, sum(r.amount)::BIGINT AS sale_amount FROM analytics_rollups.day__country r
WHERE r.kind = 'sales' AND r.workspace_id = $ws
  AND r.t >= $rollup_from AND r.t < $rollup_to
  AND list_contains($country, r.country)
GROUP BY r.t * 96
),
s AS (SELECT bucket, epoch_us(bucket) // 900000000 AS first_slot FROM (SELECT g.local AT TIME ZONE $tz AS bucket FROM generate_series(date_trunc('day', $series_first AT TIME ZONE $tz), date_trunc('day', $series_last AT TIME ZONE $tz), INTERVAL 1 DAY) g(local))),
b AS (SELECT s.bucket, coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f ASOF JOIN s ON f.slot >= s.first_slot GROUP BY s.bucket)
SELECT s.bucket AS start, coalesce(b.clicks, 0)::BIGINT AS clicks, coalesce(b.leads, 0)::BIGINT AS leads,
  coalesce(b.sales, 0)::BIGINT AS sales, coalesce(b.sale_amount, 0)::BIGINT AS sale_amount
FROM s LEFT JOIN b ON b.bucket = s.bucket ORDER BY s.bucket
-- $ws = 'ws_acme'
-- $head_start = TIMESTAMPTZ '2026-03-08 12:00:00+00'
-- $head_end = TIMESTAMPTZ '2026-03-09 00:00:00+00'
-- $country = ['US', 'DE']
-- $tail_start = TIMESTAMPTZ '2026-03-15 00:00:00+00'
-- $tail_end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $rollup_from = 20521
-- $rollup_to = 20527
-- $tz = 'UTC'
-- $series_first = TIMESTAMPTZ '2026-03-08 12:00:00+00'
-- $series_last = TIMESTAMPTZ '2026-03-15 12:00:00+00'
