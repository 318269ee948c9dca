-- ===== GET /analytics?groupBy=count&event=sales&saleType=new

-- statement 1
WITH f AS (
SELECT 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND e.sale_type = $saleType
)
SELECT coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2026-03-14 12:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $saleType = 'new'

-- ===== GET /analytics?groupBy=count&event=leads&query=metadata['plan']:'pro' AND metadata['source']:'ads'

-- statement 1
WITH f AS (
SELECT 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND json_extract_string(e.metadata, $query_key_1) = $query_value_1
  AND json_extract_string(e.metadata, $query_key_2) = $query_value_2
)
SELECT coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2026-03-14 12:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $query_key_1 = '/plan'
-- $query_value_1 = 'pro'
-- $query_key_2 = '/source'
-- $query_value_2 = 'ads'

-- ===== GET /analytics?groupBy=count&event=clicks&customerId=cus_1

-- statement 1
SELECT c.id, c.timestamp FROM conversion_clicks c
WHERE c.workspace_id = $ws
  AND c.id IN (SELECT le.click_id FROM lead_events le WHERE le.workspace_id = $ws AND le.customer_id = $customerId)
-- $ws = 'ws_acme'
-- $customerId = 'cus_1'

-- statement 2
WITH f AS (
SELECT count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND (e.timestamp >= $customer_clicks_from
    AND e.timestamp < $customer_clicks_to
    AND list_contains($customer_click_ids, e.id))
)
SELECT coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2026-03-14 12:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $customer_clicks_from = TIMESTAMPTZ '2026-03-15 11:00:00+00'
-- $customer_clicks_to = TIMESTAMPTZ '2026-03-15 11:00:00.001+00'
-- $customer_click_ids = ['c1']

-- ===== GET /analytics?groupBy=count&event=sales&customerId=cus_1

-- statement 1
WITH f AS (
SELECT 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND e.customer_id = $customerId
)
SELECT coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2026-03-14 12:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $customerId = 'cus_1'
