-- ===== GET /analytics?groupBy=count&event=clicks&tenantId=-ten_1

-- statement 1
SELECT l.id FROM links l WHERE l.workspace_id = $ws AND (l.tenant_id IS NULL OR NOT list_contains($tenantId, l.tenant_id))
-- $ws = 'ws_acme'
-- $tenantId = ['ten_1']

-- statement 2
WITH f AS (
SELECT count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND list_contains($link_ids, e.link_id)
)
SELECT coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2026-03-14 12:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $link_ids = ['lnk_2', 'lnk_3']
