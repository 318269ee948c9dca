/**
 * The webhook tables, created when the platform first opens a file for writing (a seed has
 * none; a file written before keeps its own). The delivery queue is here, in the store: a
 * delivery is inserted in the transaction of the event it carries, so an event accepted is never
 * without its deliveries, across a restart or a kill -9 (at-least-once: a delivery in flight when
 * the process died is sent again; receivers dedupe on its id).
 */
export const WEBHOOK_TABLES = [
  `CREATE TABLE IF NOT EXISTS webhooks (
  id VARCHAR PRIMARY KEY,            -- wh_...
  workspace_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  url VARCHAR NOT NULL,
  secret VARCHAR NOT NULL,
  triggers VARCHAR[] NOT NULL,       -- link.clicked | lead.created | sale.created
  all_links BOOLEAN NOT NULL,        -- false: link.clicked only for the links that name it in webhook_ids
  consecutive_failures INTEGER NOT NULL,
  disabled_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id VARCHAR PRIMARY KEY,            -- evt_...: the envelope's id, what receivers dedupe on
  webhook_id VARCHAR NOT NULL,
  trigger VARCHAR NOT NULL,
  body VARCHAR NOT NULL,             -- the exact bytes signed and sent, every attempt
  status VARCHAR NOT NULL,           -- pending | delivered | failed
  attempts INTEGER NOT NULL,
  next_attempt_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ
)`,
  `CREATE TABLE IF NOT EXISTS webhook_attempts (
  delivery_id VARCHAR NOT NULL,
  attempt INTEGER NOT NULL,
  attempted_at TIMESTAMPTZ NOT NULL,
  status INTEGER,                    -- the receiver's HTTP status; NULL when none came (refused, timed out)
  latency_ms DOUBLE NOT NULL,
  error VARCHAR
)`,
] as const;
