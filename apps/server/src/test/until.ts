/** Reads `what` every 100 ms until `done` holds or `ms` pass; answers the last value read (the test then says why). */
export async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
