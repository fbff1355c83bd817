/**
 * The configured payment channels of a server: real clients from `PayConfig` (keys parsed at start, so a bad key
 * stops the start instead of failing a customer's payment), else the channels of a local fallback (the sandbox's
 * fake gateways, src/pay/sandbox, which only exist once the server listens), else none: the pay calls then answer
 * `支付渠道未配置`.
 */
import type { PayConfig } from '../config';
import { AlipayClient, type AlipayConfig } from './alipay/client';
import type { PayChannelClient, PayChannelCode } from './channel';
import { loadPrivateKey, loadPublicKey } from './keys';
import { WechatPayClient, type WechatPayConfig } from './wechat/client';

/** Channel settings offered by a local stand-in for the real gateways (resolved on first use). */
export interface ChannelFallback {
  alipay(): AlipayConfig;
  wechat(): WechatPayConfig;
  /** Base URL at which the channels reach this server (its own address). */
  baseUrl(): string;
}

export const NOT_CONFIGURED_MSG = '支付渠道未配置';

export const NOTIFY_PATHS = {
  aliPay: '/api/smart-pay/aliPay/notify',
  wxPay: '/api/smart-pay/wxPay/notify',
} as const;

export interface PayRuntime {
  alipay(): AlipayClient | undefined;
  wechat(): WechatPayClient | undefined;
  channel(code: string): PayChannelClient | undefined;
  notifyUrl(kind: keyof typeof NOTIFY_PATHS): string;
  /** Where Alipay page pay returns the browser by default: the console's pay page. */
  defaultReturnUrl(): string;
  readonly queryIntervalMs: number;
  readonly sweepIntervalMs: number;
}

/** One line for the start-up banner: which channels are real, simulated or off. */
export function describePayConfig(cfg: PayConfig | undefined): string {
  const name = (real: unknown, label: string) =>
    real
      ? `${label} (real)`
      : cfg?.sandbox
        ? `${label} (SANDBOX: simulated at /sandbox-pay/)`
        : `${label} (off)`;
  return `${name(cfg?.alipay, 'Alipay')}, ${name(cfg?.wechat, 'WeChat Pay')}`;
}

function realAlipay(cfg: PayConfig): AlipayClient | undefined {
  const a = cfg.alipay;
  if (!a) return undefined;
  return new AlipayClient({
    appId: a.appId,
    privateKey: loadPrivateKey(a.privateKey, 'ALIPAY_PRIVATE_KEY'),
    alipayPublicKey: loadPublicKey(a.alipayPublicKey, 'ALIPAY_PUBLIC_KEY'),
    gatewayUrl: a.gatewayUrl,
  });
}

function realWechat(cfg: PayConfig): WechatPayClient | undefined {
  const w = cfg.wechat;
  if (!w) return undefined;
  if (Buffer.byteLength(w.apiV3Key, 'utf8') !== 32) throw new Error('WXPAY_API_V3_KEY must be 32 characters');
  return new WechatPayClient({
    appId: w.appId,
    mchId: w.mchId,
    serialNo: w.serialNo,
    privateKey: loadPrivateKey(w.privateKey, 'WXPAY_PRIVATE_KEY'),
    apiV3Key: w.apiV3Key,
    platformPublicKey: loadPublicKey(w.platformPublicKey, 'WXPAY_PLATFORM_PUBLIC_KEY'),
    platformSerial: w.platformSerial,
    baseUrl: w.baseUrl,
  });
}

/** Once-computed value. */
function once<T>(make: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = make();
      done = true;
    }
    return value;
  };
}

export function createPayRuntime(cfg: PayConfig | undefined, fallback?: ChannelFallback): PayRuntime {
  const config: PayConfig = cfg ?? { sandbox: false };
  const alipayReal = realAlipay(config);
  const wechatReal = realWechat(config);
  if ((alipayReal || wechatReal) && !config.notifyBaseUrl) {
    // a real channel must be able to reach us; a guessed local address would lose every notification
    throw new Error('PAY_NOTIFY_BASE_URL is required when a real payment channel is configured');
  }
  const alipayFake = fallback ? once(() => new AlipayClient(fallback.alipay())) : undefined;
  const wechatFake = fallback ? once(() => new WechatPayClient(fallback.wechat())) : undefined;
  // a fallback that cannot be resolved yet (the sandbox before the server listens) is no channel
  const tryFake = <T>(make: (() => T) | undefined): T | undefined => {
    try {
      return make?.();
    } catch {
      return undefined;
    }
  };
  const alipay = () => alipayReal ?? tryFake(alipayFake);
  const wechat = () => wechatReal ?? tryFake(wechatFake);
  const base = () => config.notifyBaseUrl ?? fallback?.baseUrl() ?? '';

  return {
    alipay,
    wechat,
    channel(code: string): PayChannelClient | undefined {
      switch (code as PayChannelCode) {
        case 'ALIPAY_PC':
          return alipay()?.channels().ALIPAY_PC;
        case 'ALIPAY_QR':
          return alipay()?.channels().ALIPAY_QR;
        case 'WECHAT_NATIVE':
          return wechat()?.channels().WECHAT_NATIVE;
        default:
          return undefined;
      }
    },
    notifyUrl: (kind) => `${base()}${NOTIFY_PATHS[kind]}`,
    defaultReturnUrl: () => config.returnUrl ?? `${base()}/pay/pay`,
    queryIntervalMs: config.queryIntervalMs ?? 5000,
    sweepIntervalMs: config.sweepIntervalMs ?? 60_000,
  };
}
