-- ===== GET /events?event=clicks&interval=24h&country=US,DE&device=-Mobile

-- statement 1
SELECT count(*) AS n, coalesce(min(timestamp), TIMESTAMPTZ 'epoch') AS first, coalesce(max(timestamp), TIMESTAMPTZ 'epoch') AS last
FROM click_events WHERE workspace_id = $ws
-- $ws = 'ws_acme'

-- statement 2
SELECT e.id, e.timestamp, e.url, e.country, e.city, e.region, e.continent, e.device, e.browser, e.os, e.ua, e.trigger, e.referer, e.referer_url, e.ip, e.link_id FROM click_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND list_contains($country, e.country)
  AND NOT list_contains($device, e.device)
ORDER BY e.timestamp DESC, e.id DESC LIMIT 100 OFFSET 0
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2026-03-14 12:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $country = ['US', 'DE']
-- $device = ['Mobile']

-- statement 3
SELECT l.id, l.workspace_id, l.domain, l.key, l.url, l.track_conversion, l.external_id, l.tenant_id, l.program_id,
  l.partner_id, l.archived, l.expires_at, l.expired_url, l.disabled_at, l.password, l.proxy, l.title, l.description,
  l.image, l.video, l.rewrite, l.do_index, l.ios, l.android, l.geo, l.public_stats, l.folder_id, l.webhook_ids, l.comments,
  l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.test_variants, l.test_started_at,
  l.test_completed_at, l.user_id, l.clicks, l.leads, l.conversions, l.sales, l.sale_amount, l.last_clicked,
  l.created_at, l.updated_at, l.workspace_id AS row_workspace_id FROM links l WHERE list_contains($ids, l.id)
-- $ids = ['lnk_1']

-- statement 4
SELECT lt.link_id, t.id, t.name, t.color FROM link_tags lt JOIN tags t ON t.id = lt.tag_id
WHERE list_contains($ids, lt.link_id) ORDER BY lt.link_id, lt.position, t.name, t.id
-- $ids = ['lnk_1']

-- ===== GET /events?event=leads&interval=all&limit=1&page=2

-- statement 1
SELECT count(*) AS n, coalesce(min(timestamp), TIMESTAMPTZ 'epoch') AS first, coalesce(max(timestamp), TIMESTAMPTZ 'epoch') AS last
FROM lead_events WHERE workspace_id = $ws
-- $ws = 'ws_acme'

-- statement 2
SELECT e.id, e.timestamp, e.link_id, e.click_id, e.customer_id FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND e.timestamp >= $window_after
ORDER BY e.timestamp DESC, e.id DESC LIMIT 1 OFFSET 1
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2025-01-01 00:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $window_after = TIMESTAMPTZ '2026-03-14 03:30:00.001+00'

-- statement 3
SELECT e.id, e.click_id, e.link_id, e.customer_id, e.timestamp, e.event_name, e.metadata FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND e.timestamp >= $page_from AND e.timestamp < $page_to
  AND list_contains($page_ids, e.id)
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2025-01-01 00:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $page_from = TIMESTAMPTZ '2026-03-15 09:30:00+00'
-- $page_to = TIMESTAMPTZ '2026-03-15 09:30:00.001+00'
-- $page_ids = ['l2']

-- statement 4
SELECT l.id, l.workspace_id, l.domain, l.key, l.url, l.track_conversion, l.external_id, l.tenant_id, l.program_id,
  l.partner_id, l.archived, l.expires_at, l.expired_url, l.disabled_at, l.password, l.proxy, l.title, l.description,
  l.image, l.video, l.rewrite, l.do_index, l.ios, l.android, l.geo, l.public_stats, l.folder_id, l.webhook_ids, l.comments,
  l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.test_variants, l.test_started_at,
  l.test_completed_at, l.user_id, l.clicks, l.leads, l.conversions, l.sales, l.sale_amount, l.last_clicked,
  l.created_at, l.updated_at, l.workspace_id AS row_workspace_id FROM links l WHERE list_contains($ids, l.id)
-- $ids = ['lnk_2']

-- statement 5
SELECT lt.link_id, t.id, t.name, t.color FROM link_tags lt JOIN tags t ON t.id = lt.tag_id
WHERE list_contains($ids, lt.link_id) ORDER BY lt.link_id, lt.position, t.name, t.id
-- $ids = ['lnk_2']

-- statement 6
SELECT e.id, e.timestamp, e.url, e.country, e.city, e.region, e.continent, e.device, e.browser, e.os, e.ua, e.trigger, e.referer, e.referer_url, e.ip, e.workspace_id AS row_workspace_id FROM conversion_clicks e WHERE list_contains($ids, e.id)
-- $ids = ['c3']

-- statement 7
SELECT cu.id, cu.external_id, cu.name, cu.email, cu.avatar, cu.country, cu.created_at, cu.workspace_id AS row_workspace_id FROM customers cu WHERE cu.id IN (SELECT unnest($ids))
-- $ids = ['cus_2']
