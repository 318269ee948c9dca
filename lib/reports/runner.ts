import "server-only";
import { deliver, type DeliveryParts } from "./delivery";

/** How often a process looks for due slots and pending runs (alerts are at most every 15 minutes). */
export const TICK_MS = 30_000;

/** The reports' worker in one process: makes due runs, then runs every pending one it can claim. Every replica runs one. */
export class ReportRunner {
  private cancel: (() => void) | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly parts: DeliveryParts) {}

  /** One pass; returns how many runs it ran. Passes never overlap in one process. */
  tick(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<number> {
    const { queue } = this.parts;
    await queue.enqueueDue();
    let ran = 0;
    for (;;) {
      const claimed = await queue.claim();
      if (!claimed) return ran;
      await deliver(this.parts, claimed);
      ran++;
    }
  }

  /** Ticks every TICK_MS on the app's clock until stopped. */
  start(): void {
    const loop = () => {
      this.cancel = this.parts.app.clock.setTimer(() => {
        this.tick()
          .catch((error: unknown) =>
            console.error(
              `linklens: the reports' worker failed a pass: ${error instanceof Error ? error.message : String(error)}`,
            ),
          )
          .finally(() => this.cancel && loop());
      }, TICK_MS);
    };
    loop();
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
  }
}
