import type { ChildProcess } from "node:child_process";

/**
 * What a child process prints (stdout and stderr, its last `keep` characters), and the first match
 * of a pattern in it, awaited as output arrives: no polling.
 */
export class ChildOutput {
  private text = "";
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly child: ChildProcess,
    private readonly label: string,
    keep = 200_000,
  ) {
    const add = (chunk: Buffer) => {
      this.text = (this.text + chunk.toString()).slice(-keep);
      for (const listener of [...this.listeners]) listener();
    };
    child.stdout?.on("data", add);
    child.stderr?.on("data", add);
  }

  get all(): string {
    return this.text;
  }

  /** Resolves with the first match of `pattern`; rejects, with the output, when the child exits first or `timeoutMs` passes. */
  match(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        this.listeners.delete(check);
        this.child.off("exit", exited);
        outcome();
      };
      const check = () => {
        const found = pattern.exec(this.text);
        if (found) finish(() => resolve(found));
      };
      const exited = (code: number | null) =>
        finish(() => reject(new Error(`${this.label} exited with ${code} before printing ${pattern}:\n${this.text}`)));
      const deadline = setTimeout(
        () =>
          finish(() => reject(new Error(`${this.label} printed no ${pattern} within ${timeoutMs} ms:\n${this.text}`))),
        timeoutMs,
      );
      this.listeners.add(check);
      this.child.once("exit", exited);
      check();
      if (this.child.exitCode !== null) exited(this.child.exitCode);
    });
  }
}
