/**
 * Delivers a fake gateway's notifications as the real ones are delivered: until the merchant acknowledges, with
 * growing pauses (Alipay ~8 times over 25 h, WeChat Pay ~15 times over 24 h; shortened here). Timers never keep
 * the process alive and stop with the server.
 */
export class Notifier {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly retryDelaysMs: readonly number[] = [2_000, 5_000, 15_000, 30_000, 60_000]) {}

  /** Sends now; on failure keeps retrying in the background. Answers whether the first delivery was acknowledged. */
  async deliver(send: () => Promise<boolean>): Promise<boolean> {
    const ok = await send().catch(() => false);
    if (!ok) this.retry(send, 0);
    return ok;
  }

  private retry(send: () => Promise<boolean>, i: number): void {
    if (this.closed || i >= this.retryDelaysMs.length) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      void send()
        .catch(() => false)
        .then((ok) => {
          if (!ok) this.retry(send, i + 1);
        });
    }, this.retryDelaysMs[i]);
    t.unref();
    this.timers.add(t);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
