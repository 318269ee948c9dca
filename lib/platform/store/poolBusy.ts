/** Why a statement could not get a connection: the waiting list was full, or its wait ran out. */
export class PoolBusy extends Error {
  constructor(
    readonly why: "full" | "waited",
    /** Whole seconds a client should wait before asking again. */
    readonly retryAfterSeconds: number,
  ) {
    super(
      why === "full"
        ? "every database connection is busy and the waiting list is full"
        : "every database connection stayed busy past the longest wait",
    );
    this.name = "PoolBusy";
  }
}
