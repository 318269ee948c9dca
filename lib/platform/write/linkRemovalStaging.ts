import { EVENT_KINDS, type EventKind } from "../../contract/dimensions";
import { DERIVED_SCHEMA, rollupRemovalSql } from "../query/analyticsRollupBuild";
import { EVENT_TABLE } from "../query/eventTables";
import { stateDeltaSql } from "../query/rollupState";
import { inTransaction, type WriteConn } from "./writeConn";

/**
 * A deleted link's events taken out of the derived state (StoreWriter.removeLink): copied aside
 * into the derived database before the file's transaction removes them (it cannot read them
 * after), subtracted from every rollup once that committed, and the copies dropped.
 */
export class LinkRemovalStaging {
  constructor(
    private readonly derived: WriteConn,
    /** The rollups' schema; null: no rollups, nothing to subtract. */
    private readonly schema: string | null,
    private readonly workspaceId: string,
    private readonly linkId: string,
  ) {}

  private table(kind: EventKind): string {
    return `${DERIVED_SCHEMA}.removed_${kind}`;
  }

  private get values() {
    return { ws: this.workspaceId, link_id: this.linkId };
  }

  /** Before the file's transaction: the link's events copied aside. */
  async stage(): Promise<void> {
    if (!this.schema) return;
    for (const kind of EVENT_KINDS)
      await this.derived.run(
        `CREATE OR REPLACE TABLE ${this.table(kind)} AS SELECT * FROM ${EVENT_TABLE[kind]} WHERE workspace_id = $ws AND link_id = $link_id`,
        this.values,
      );
  }

  /** After commit: the copies subtracted from every rollup and its state, in one transaction (the link's conversion clicks went in the file's transaction: ./conversionClickWrites.ts). */
  async subtract(): Promise<void> {
    const schema = this.schema;
    if (schema)
      await inTransaction(this.derived, async () => {
        for (const kind of EVENT_KINDS) {
          for (const sql of rollupRemovalSql(schema, kind, this.table(kind))) await this.derived.run(sql);
          await this.derived.run(stateDeltaSql(schema, kind, this.table(kind), -1));
        }
      });
  }

  /** Whatever happened: the copies dropped. */
  async drop(): Promise<void> {
    if (!this.schema) return;
    for (const kind of EVENT_KINDS) await this.derived.run(`DROP TABLE IF EXISTS ${this.table(kind)}`);
  }
}
