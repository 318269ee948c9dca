import type { UpstreamReply } from "./client";
import { bytesOf } from "./replyBytes";

interface Entry {
  reply: UpstreamReply;
  expiresAt: number;
  size: number;
}

/** Kept replies by key, each until its own instant, within a byte budget (expired entries go first, then the oldest). */
export class ReplyStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The reply kept under `key` while `now` is before its expiry; an expired one is dropped. */
  find(key: string, now: number): UpstreamReply | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) return entry.reply;
    if (entry) this.delete(key);
    return undefined;
  }

  put(key: string, reply: UpstreamReply, expiresAt: number, now: number): void {
    const size = bytesOf(reply)?.byteLength ?? reply.body.length * 2;
    if (size > this.maxBytes) return;
    this.delete(key);
    for (const [other, entry] of this.entries) {
      if (entry.expiresAt <= now || this.bytes + size > this.maxBytes) this.delete(other);
    }
    this.entries.set(key, { reply, expiresAt, size });
    this.bytes += size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}
