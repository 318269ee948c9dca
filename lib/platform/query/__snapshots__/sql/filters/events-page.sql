-- ===== GET /events?event=clicks&interval=24h&country=US,DE&device=-Mobile

-- statement 1
SELECT count(*) AS n, coalesce(min(timestamp), TIMESTAMPTZ 'epoch') AS first, coalesce(max(timestamp), TIMESTAMPTZ 'epoch') AS last
FROM click_events WHERE workspace_id = $ws
-- $ws = 'ws_acme'

-- statement 2
SELECT e.country::VARCHAR AS v, count(*)::BIGINT AS n FROM click_events e
WHERE e.workspace_id = $ws AND e.timestamp >= $since
GROUP BY 1
-- $ws = 'ws_acme'
-- $since = TIMESTAMPTZ '1998-08-20 00:20:00+00'

-- statement 3
SELECT e.device::VARCHAR AS v, count(*)::BIGINT AS n FROM click_events e
WHERE e.workspace_id = $ws AND e.timestamp >= $since
GROUP BY 1
-- $ws = 'ws_acme'
-- $since = TIMESTAMPTZ '1998-08-20 00:20:00+00'

-- statement 4
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

-- statement 5
SELECT l.id, l.workspace_id, l.domain, l.key, l.url, l.track_conversion, l.external_id, l.tenant_id, l.program_id,
  l.partner_id, l.archived, l.expires_at, l.expired_url, l.disabled_at, l.password, l.proxy, l.title, l.description,
  l.image, l.video, l.rewrite, l.do_index, l.ios, l.android, l.geo, l.public_stats, l.folder_id, l.webhook_ids, l.comments,
  l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.test_variants, l.test_started_at,
  l.test_completed_at, l.user_id, l.clicks, l.leads, l.conversions, l.sales, l.sale_amount, l.last_clicked,
  l.created_at, l.updated_at, l.workspace_id AS row_workspace_id FROM links l WHERE list_contains($ids, l.id)
-- $ids = ['lnk_1']

-- statement 6
SELECT lt.link_id, t.id, t.name, t.color FROM link_tags lt JOIN tags t ON t.id = lt.tag_id
WHERE list_contains($ids, lt.link_id) ORDER BY lt.link_id, lt.position, t.name, t.id
-- $ids = ['lnk_1']

-- ===== GET /events?event=leads&interval=all&limit=1&page=2

-- statement 1
SELECT count(*) AS n, coalesce(min(timestamp), TIMESTAMPTZ 'epoch') AS first, coalesce(max(timestamp), TIMESTAMPTZ 'epoch') AS last
FROM lead_events WHERE workspace_id = $ws
-- $ws = 'ws_acme'

-- statement 2
SELECT e.id, e.click_id, e.link_id, e.customer_id, e.timestamp, e.event_name, e.metadata, e.url, e.country, e.city, e.region, e.continent, e.device, e.browser, e.os, e.trigger, e.referer, e.referer_url FROM lead_events e
WHERE e.workspace_id = $ws
  AND e.timestamp >= $start
  AND e.timestamp < $end
  AND e.timestamp >= $window_after
ORDER BY e.timestamp DESC, e.id DESC LIMIT 1 OFFSET 1
-- $ws = 'ws_acme'
-- $start = TIMESTAMPTZ '2025-01-01 00:00:00+00'
-- $end = TIMESTAMPTZ '2026-03-15 12:00:00.001+00'
-- $window_after = TIMESTAMPTZ '2026-03-15 03:30:00.001+00'

-- statement 3
SELECT l.id, l.workspace_id, l.domain, l.key, l.url, l.track_conversion, l.external_id, l.tenant_id, l.program_id,
  l.partner_id, l.archived, l.expires_at, l.expired_url, l.disabled_at, l.password, l.proxy, l.title, l.description,
  l.image, l.video, l.rewrite, l.do_index, l.ios, l.android, l.geo, l.public_stats, l.folder_id, l.webhook_ids, l.comments,
  l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.test_variants, l.test_started_at,
  l.test_completed_at, l.user_id, l.clicks, l.leads, l.conversions, l.sales, l.sale_amount, l.last_clicked,
  l.created_at, l.updated_at, l.workspace_id AS row_workspace_id FROM links l WHERE list_contains($ids, l.id)
-- $ids = ['lnk_2']

-- statement 4
SELECT lt.link_id, t.id, t.name, t.color FROM link_tags lt JOIN tags t ON t.id = lt.tag_id
WHERE list_contains($ids, lt.link_id) ORDER BY lt.link_id, lt.position, t.name, t.id
-- $ids = ['lnk_2']

-- statement 5
SELECT e.id, e.timestamp, e.ua, e.ip, e.workspace_id AS row_workspace_id FROM conversion_clicks e WHERE e.id IN ($ids_0, $ids_1, $ids_2, $ids_3, $ids_4, $ids_5, $ids_6, $ids_7, $ids_8, $ids_9, $ids_10, $ids_11, $ids_12, $ids_13, $ids_14, $ids_15, $ids_16, $ids_17, $ids_18, $ids_19, $ids_20, $ids_21, $ids_22, $ids_23, $ids_24, $ids_25, $ids_26, $ids_27, $ids_28, $ids_29, $ids_30, $ids_31, $ids_32, $ids_33, $ids_34, $ids_35, $ids_36, $ids_37, $ids_38, $ids_39, $ids_40, $ids_41, $ids_42, $ids_43, $ids_44, $ids_45, $ids_46, $ids_47, $ids_48, $ids_49, $ids_50, $ids_51, $ids_52, $ids_53, $ids_54, $ids_55, $ids_56, $ids_57, $ids_58, $ids_59, $ids_60, $ids_61, $ids_62, $ids_63, $ids_64, $ids_65, $ids_66, $ids_67, $ids_68, $ids_69, $ids_70, $ids_71, $ids_72, $ids_73, $ids_74, $ids_75, $ids_76, $ids_77, $ids_78, $ids_79, $ids_80, $ids_81, $ids_82, $ids_83, $ids_84, $ids_85, $ids_86, $ids_87, $ids_88, $ids_89, $ids_90, $ids_91, $ids_92, $ids_93, $ids_94, $ids_95, $ids_96, $ids_97, $ids_98, $ids_99)
-- $ids_0 = 'c3'
-- $ids_1 = 'c3'
-- $ids_2 = 'c3'
-- $ids_3 = 'c3'
-- $ids_4 = 'c3'
-- $ids_5 = 'c3'
-- $ids_6 = 'c3'
-- $ids_7 = 'c3'
-- $ids_8 = 'c3'
-- $ids_9 = 'c3'
-- $ids_10 = 'c3'
-- $ids_11 = 'c3'
-- $ids_12 = 'c3'
-- $ids_13 = 'c3'
-- $ids_14 = 'c3'
-- $ids_15 = 'c3'
-- $ids_16 = 'c3'
-- $ids_17 = 'c3'
-- $ids_18 = 'c3'
-- $ids_19 = 'c3'
-- $ids_20 = 'c3'
-- $ids_21 = 'c3'
-- $ids_22 = 'c3'
-- $ids_23 = 'c3'
-- $ids_24 = 'c3'
-- $ids_25 = 'c3'
-- $ids_26 = 'c3'
-- $ids_27 = 'c3'
-- $ids_28 = 'c3'
-- $ids_29 = 'c3'
-- $ids_30 = 'c3'
-- $ids_31 = 'c3'
-- $ids_32 = 'c3'
-- $ids_33 = 'c3'
-- $ids_34 = 'c3'
-- $ids_35 = 'c3'
-- $ids_36 = 'c3'
-- $ids_37 = 'c3'
-- $ids_38 = 'c3'
-- $ids_39 = 'c3'
-- $ids_40 = 'c3'
-- $ids_41 = 'c3'
-- $ids_42 = 'c3'
-- $ids_43 = 'c3'
-- $ids_44 = 'c3'
-- $ids_45 = 'c3'
-- $ids_46 = 'c3'
-- $ids_47 = 'c3'
-- $ids_48 = 'c3'
-- $ids_49 = 'c3'
-- $ids_50 = 'c3'
-- $ids_51 = 'c3'
-- $ids_52 = 'c3'
-- $ids_53 = 'c3'
-- $ids_54 = 'c3'
-- $ids_55 = 'c3'
-- $ids_56 = 'c3'
-- $ids_57 = 'c3'
-- $ids_58 = 'c3'
-- $ids_59 = 'c3'
-- $ids_60 = 'c3'
-- $ids_61 = 'c3'
-- $ids_62 = 'c3'
-- $ids_63 = 'c3'
-- $ids_64 = 'c3'
-- $ids_65 = 'c3'
-- $ids_66 = 'c3'
-- $ids_67 = 'c3'
-- $ids_68 = 'c3'
-- $ids_69 = 'c3'
-- $ids_70 = 'c3'
-- $ids_71 = 'c3'
-- $ids_72 = 'c3'
-- $ids_73 = 'c3'
-- $ids_74 = 'c3'
-- $ids_75 = 'c3'
-- $ids_76 = 'c3'
-- $ids_77 = 'c3'
-- $ids_78 = 'c3'
-- $ids_79 = 'c3'
-- $ids_80 = 'c3'
-- $ids_81 = 'c3'
-- $ids_82 = 'c3'
-- $ids_83 = 'c3'
-- $ids_84 = 'c3'
-- $ids_85 = 'c3'
-- $ids_86 = 'c3'
-- $ids_87 = 'c3'
-- $ids_88 = 'c3'
-- $ids_89 = 'c3'
-- $ids_90 = 'c3'
-- $ids_91 = 'c3'
-- $ids_92 = 'c3'
-- $ids_93 = 'c3'
-- $ids_94 = 'c3'
-- $ids_95 = 'c3'
-- $ids_96 = 'c3'
-- $ids_97 = 'c3'
-- $ids_98 = 'c3'
-- $ids_99 = 'c3'

-- statement 6
SELECT cu.id, cu.external_id, cu.name, cu.email, cu.avatar, cu.country, cu.created_at, cu.workspace_id AS row_workspace_id FROM customers cu WHERE cu.id IN ($ids_0, $ids_1, $ids_2, $ids_3, $ids_4, $ids_5, $ids_6, $ids_7, $ids_8, $ids_9, $ids_10, $ids_11, $ids_12, $ids_13, $ids_14, $ids_15, $ids_16, $ids_17, $ids_18, $ids_19, $ids_20, $ids_21, $ids_22, $ids_23, $ids_24, $ids_25, $ids_26, $ids_27, $ids_28, $ids_29, $ids_30, $ids_31, $ids_32, $ids_33, $ids_34, $ids_35, $ids_36, $ids_37, $ids_38, $ids_39, $ids_40, $ids_41, $ids_42, $ids_43, $ids_44, $ids_45, $ids_46, $ids_47, $ids_48, $ids_49, $ids_50, $ids_51, $ids_52, $ids_53, $ids_54, $ids_55, $ids_56, $ids_57, $ids_58, $ids_59, $ids_60, $ids_61, $ids_62, $ids_63, $ids_64, $ids_65, $ids_66, $ids_67, $ids_68, $ids_69, $ids_70, $ids_71, $ids_72, $ids_73, $ids_74, $ids_75, $ids_76, $ids_77, $ids_78, $ids_79, $ids_80, $ids_81, $ids_82, $ids_83, $ids_84, $ids_85, $ids_86, $ids_87, $ids_88, $ids_89, $ids_90, $ids_91, $ids_92, $ids_93, $ids_94, $ids_95, $ids_96, $ids_97, $ids_98, $ids_99)
-- $ids_0 = 'cus_2'
-- $ids_1 = 'cus_2'
-- $ids_2 = 'cus_2'
-- $ids_3 = 'cus_2'
-- $ids_4 = 'cus_2'
-- $ids_5 = 'cus_2'
-- $ids_6 = 'cus_2'
-- $ids_7 = 'cus_2'
-- $ids_8 = 'cus_2'
-- $ids_9 = 'cus_2'
-- $ids_10 = 'cus_2'
-- $ids_11 = 'cus_2'
-- $ids_12 = 'cus_2'
-- $ids_13 = 'cus_2'
-- $ids_14 = 'cus_2'
-- $ids_15 = 'cus_2'
-- $ids_16 = 'cus_2'
-- $ids_17 = 'cus_2'
-- $ids_18 = 'cus_2'
-- $ids_19 = 'cus_2'
-- $ids_20 = 'cus_2'
-- $ids_21 = 'cus_2'
-- $ids_22 = 'cus_2'
-- $ids_23 = 'cus_2'
-- $ids_24 = 'cus_2'
-- $ids_25 = 'cus_2'
-- $ids_26 = 'cus_2'
-- $ids_27 = 'cus_2'
-- $ids_28 = 'cus_2'
-- $ids_29 = 'cus_2'
-- $ids_30 = 'cus_2'
-- $ids_31 = 'cus_2'
-- $ids_32 = 'cus_2'
-- $ids_33 = 'cus_2'
-- $ids_34 = 'cus_2'
-- $ids_35 = 'cus_2'
-- $ids_36 = 'cus_2'
-- $ids_37 = 'cus_2'
-- $ids_38 = 'cus_2'
-- $ids_39 = 'cus_2'
-- $ids_40 = 'cus_2'
-- $ids_41 = 'cus_2'
-- $ids_42 = 'cus_2'
-- $ids_43 = 'cus_2'
-- $ids_44 = 'cus_2'
-- $ids_45 = 'cus_2'
-- $ids_46 = 'cus_2'
-- $ids_47 = 'cus_2'
-- $ids_48 = 'cus_2'
-- $ids_49 = 'cus_2'
-- $ids_50 = 'cus_2'
-- $ids_51 = 'cus_2'
-- $ids_52 = 'cus_2'
-- $ids_53 = 'cus_2'
-- $ids_54 = 'cus_2'
-- $ids_55 = 'cus_2'
-- $ids_56 = 'cus_2'
-- $ids_57 = 'cus_2'
-- $ids_58 = 'cus_2'
-- $ids_59 = 'cus_2'
-- $ids_60 = 'cus_2'
-- $ids_61 = 'cus_2'
-- $ids_62 = 'cus_2'
-- $ids_63 = 'cus_2'
-- $ids_64 = 'cus_2'
-- $ids_65 = 'cus_2'
-- $ids_66 = 'cus_2'
-- $ids_67 = 'cus_2'
-- $ids_68 = 'cus_2'
-- $ids_69 = 'cus_2'
-- $ids_70 = 'cus_2'
-- $ids_71 = 'cus_2'
-- $ids_72 = 'cus_2'
-- $ids_73 = 'cus_2'
-- $ids_74 = 'cus_2'
-- $ids_75 = 'cus_2'
-- $ids_76 = 'cus_2'
-- $ids_77 = 'cus_2'
-- $ids_78 = 'cus_2'
-- $ids_79 = 'cus_2'
-- $ids_80 = 'cus_2'
-- $ids_81 = 'cus_2'
-- $ids_82 = 'cus_2'
-- $ids_83 = 'cus_2'
-- $ids_84 = 'cus_2'
-- $ids_85 = 'cus_2'
-- $ids_86 = 'cus_2'
-- $ids_87 = 'cus_2'
-- $ids_88 = 'cus_2'
-- $ids_89 = 'cus_2'
-- $ids_90 = 'cus_2'
-- $ids_91 = 'cus_2'
-- $ids_92 = 'cus_2'
-- $ids_93 = 'cus_2'
-- $ids_94 = 'cus_2'
-- $ids_95 = 'cus_2'
-- $ids_96 = 'cus_2'
-- $ids_97 = 'cus_2'
-- $ids_98 = 'cus_2'
-- $ids_99 = 'cus_2'
