/**
 * The payment sandbox: fake Alipay and WeChat Pay gateways (alipay.ts, wechat.ts) mounted on the server under
 * `/sandbox-pay` when `PAY_SANDBOX=1`, so that a local `npm start` can complete a payment end to end: our real
 * clients sign requests to the fakes, the fakes verify them, keep trades, sign their answers, and post signed
 * notifications back to our notify endpoints when someone clicks "pay" on the page behind the QR code or link.
 * Tests use the same fakes (`sandboxOf(app)` gives them the gateways, to pay without a browser and to forge).
 *
 * Nothing in production code imports this folder: src/pay/setup.ts loads it dynamically, only when enabled.
 */
import type { FastifyInstance } from 'fastify';
import type { ChannelFallback } from '../runtime';
import { AlipaySandbox } from './alipay';
import { Notifier } from './notifier';
import { page } from './page';
import { WechatSandbox } from './wechat';

export const SANDBOX_PREFIX = '/sandbox-pay';

export class PaySandbox {
  readonly notifier: Notifier;
  readonly alipay: AlipaySandbox;
  readonly wechat: WechatSandbox;

  constructor(
    private readonly baseUrl: () => string,
    retryDelaysMs?: readonly number[],
  ) {
    this.notifier = new Notifier(retryDelaysMs);
    this.alipay = new AlipaySandbox(baseUrl, this.notifier);
    this.wechat = new WechatSandbox(baseUrl, this.notifier);
  }

  /** The channel settings our clients use to talk to these fakes. */
  fallback(): ChannelFallback {
    return {
      alipay: () => this.alipay.clientConfig(),
      wechat: () => this.wechat.clientConfig(),
      baseUrl: this.baseUrl,
    };
  }

  register(app: FastifyInstance): void {
    this.alipay.register(app);
    this.wechat.register(app);
    app.get(`${SANDBOX_PREFIX}`, async (_req, reply) => reply.redirect(`${SANDBOX_PREFIX}/`));
    app.get(`${SANDBOX_PREFIX}/`, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send(
        page(
          '支付沙箱',
          `<h1>支付沙箱</h1><p class="muted">本进程内的模拟交易;点击单号打开付款页。</p>
<table><tr><th>渠道</th><th>商户单号</th><th>金额</th><th>状态</th></tr>${this.alipay.listing()}${this.wechat.listing()}</table>`,
        ),
      ),
    );
  }

  close(): void {
    this.notifier.close();
  }
}

const mounted = new WeakMap<FastifyInstance, PaySandbox>();

/** Mounts a sandbox on `app` (before it is ready); its notification retries stop when the app closes. */
export function mountPaySandbox(app: FastifyInstance, baseUrl: () => string): PaySandbox {
  const sandbox = new PaySandbox(baseUrl);
  sandbox.register(app);
  app.addHook('onClose', async () => sandbox.close());
  mounted.set(app, sandbox);
  return sandbox;
}

/** The sandbox mounted on `app`, if any (tests). */
export const sandboxOf = (app: FastifyInstance): PaySandbox | undefined => mounted.get(app);
