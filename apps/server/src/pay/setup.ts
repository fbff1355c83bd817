/**
 * Wires payments into a server: the body parsers payment traffic needs (http.ts), the sandbox's fake gateways
 * when enabled (loaded only then), the channel runtime, and the periodic sweep that closes expired unpaid orders
 * (stopped, and awaited, when the server closes).
 */
import type { FastifyInstance } from 'fastify';
import type { PayConfig } from '../config';
import type { Db } from '../db/index';
import { ChannelUnavailable } from './channel';
import { registerPayBodies } from './http';
import { createPayRuntime, type ChannelFallback } from './runtime';
import { sweepExpired } from './settle';
import type { PayContext } from './states';
import { listeningBaseUrl } from '../kernel/self-url';

/** `http://host:port` of the running server, as the channels (the sandbox's) reach it. */
function selfBaseUrl(app: FastifyInstance): string {
  const url = listeningBaseUrl(app);
  if (!url) throw new ChannelUnavailable('支付沙箱未就绪: 服务器尚未监听端口');
  return url;
}

export async function setupPayments(
  app: FastifyInstance,
  db: Db,
  cfg: PayConfig | undefined,
): Promise<PayContext> {
  registerPayBodies(app);
  let fallback: ChannelFallback | undefined;
  if (cfg?.sandbox) {
    const { mountPaySandbox } = await import('./sandbox/index');
    fallback = mountPaySandbox(app, () => cfg.notifyBaseUrl ?? selfBaseUrl(app)).fallback();
  }
  const runtime = createPayRuntime(cfg, fallback);
  const ctx: PayContext = {
    db,
    runtime,
    log: (msg, err) => app.log.warn({ err }, msg),
  };

  if (runtime.sweepIntervalMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return; // a slow channel: the previous sweep is still closing orders
        running = sweepExpired(ctx)
          .catch((err: unknown) => ctx.log('order sweep failed', err))
          .finally(() => (running = undefined));
      }, runtime.sweepIntervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running; // before the database handle closes under it
    });
  }
  return ctx;
}
