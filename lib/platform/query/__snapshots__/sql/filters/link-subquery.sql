-- ===== GET /analytics?groupBy=count&event=clicks&tagId=tag_a,tag_b

-- statement 1
SELECT l.id FROM links l WHERE l.workspace_id = $ws AND l.id IN (SELECT lt.link_id FROM link_tags lt WHERE list_contains($tagId, lt.tag_id))
-- $ws = 'ws_acme'
-- $tagId = ['tag_a', 'tag_b']

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
-- $link_ids = ['lnk_1', 'lnk_3']

-- ===== GET /analytics?groupBy=count&event=clicks&partnerTagId=-ptag_1

-- statement 1
SELECT l.id FROM links l WHERE l.workspace_id = $ws AND (l.partner_id IS NULL OR l.partner_id NOT IN (SELECT pta.partner_id FROM partner_tag_assignments pta WHERE list_contains($partnerTagId, pta.partner_tag_id)))
-- $ws = 'ws_acme'
-- $partnerTagId = ['ptag_1']

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

-- ===== GET /analytics?groupBy=count&event=clicks&groupId=grp_1

-- statement 1
SELECT l.id FROM links l WHERE l.workspace_id = $ws AND l.partner_id IN (SELECT pa.id FROM partners pa WHERE pa.workspace_id = $ws AND list_contains($groupId, pa.group_id))
-- $ws = 'ws_acme'
-- $groupId = ['grp_1']

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
-- $link_ids = ['lnk_1']

-- ===== GET /analytics?groupBy=count&event=composite&tagId=tag_a

-- statement 1
SELECT l.id FROM links l WHERE l.workspace_id = $ws AND l.id IN (SELECT lt.link_id FROM link_tags lt WHERE list_contains($tagId, lt.tag_id))
-- $ws = 'ws_acme'
-- $tagId = ['tag_a']

-- statement 2
WITH f AS (
SELECT count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND list_contains($link_ids, e.link_id)
UNION ALL
SELECT 0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND list_contains($link_ids, e.link_id)
UNION ALL
SELECT 0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount FROM sale_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND list_contains($link_ids, e.link_id)
)
SELECT coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount FROM f
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2026-03-14 12:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $link_ids = ['lnk_1']
