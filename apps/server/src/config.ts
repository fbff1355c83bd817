import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/server folder: the nearest folder above this module holding the migrations (`drizzle/`) and a
 * package.json. Searched, not counted in `..`s: the sources run from src/ and `npm start` runs one bundle from
 * dist/, at other depths.
 */
export const serverDir = (() => {
  const from = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'drizzle')) && existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`apps/server not found above ${from}`);
  }
})();

/** Root of the monorepo (apps/server → ../..). */
export const repoRoot = path.resolve(serverDir, '../..');

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder, or `memory://` for an in-memory database (tests). */
  dataDir: string;
  /** Overrides the signing key kept in the database. */
  jwtSecret?: string | undefined;
  /** Built console to serve at `/` (skipped when the folder does not exist). */
  consoleDist?: string | undefined;
  /** Fastify logger on/off (tests turn it off). */
  logger?: boolean;
  /** Folder of the local object storage (uploads of tenants whose active oss config is `local`). */
  uploadDir?: string | undefined;
  /** Largest accepted upload in bytes (avatars have their own 500 KB limit). */
  uploadMaxBytes?: number | undefined;
  /** Payment channels (src/pay); absent = no channel configured, the pay calls answer 支付渠道未配置. */
  pay?: PayConfig | undefined;
  /** The automation engine (src/engine); absent = no scheduler loop, no sandboxes (most tests). */
  engine?: EngineConfig | undefined;
}

/** The automation engine's settings (src/engine/README.md). */
export interface EngineConfig {
  /**
   * Mount the fake Yingdao and the fake chat model (src/sandbox) on this server and point the tenants without
   * Yingdao credentials at them (`ENGINE_SANDBOX=1`, which `npm start` sets).
   */
  sandbox: boolean;
  /** Start the scheduler's firing loop (`ENGINE_SCHEDULER=0` turns it off, e.g. for a read-only replica). */
  scheduler: boolean;
  /**
   * The server's own base URL as robots and Yingdao callbacks reach it (`ENGINE_PUBLIC_URL`); default
   * `http://<host>:<port>` of this server.
   */
  publicUrl?: string | undefined;
  /** Milliseconds a simulated robot takes per action (`ENGINE_SANDBOX_PACE_MS`, default 1500). */
  sandboxPaceMs?: number | undefined;
  /**
   * The Feishu (Lark) app the comment-log export and the comment import use (src/engine/feishu); absent = the
   * simulated Feishu when `sandbox` is on, else those operations answer 未配置飞书应用. An engine setting because the
   * engine's setup is where the server's adapters are bound (src/engine/index.ts).
   */
  feishu?: FeishuConfig | undefined;
  /**
   * The Midjourney proxy mj drawings go to (docs/automation-domain.md §3.9): `MJ_PROXY_URL` (e.g.
   * `http://mj-proxy:8080/mj`) and `MJ_PROXY_SECRET` (its `mj-api-secret`); absent = the simulated proxy when
   * `sandbox` is on, else drawing answers 未配置绘图服务.
   */
  mjProxy?: { baseUrl: string; secret: string } | undefined;
  /**
   * The port of the sandbox's SMTP mailbox on 127.0.0.1 (`SANDBOX_SMTP_PORT`, 2525 for `npm start`; absent = any free
   * port): mail settings pointing at `127.0.0.1:<port>` deliver there, read at `/sandbox-mail/`.
   */
  sandboxSmtpPort?: number | undefined;
}

/** A Feishu self-built app (docs/automation-domain.md §3.3): `FEISHU_APP_ID`, `FEISHU_APP_SECRET`, `FEISHU_BASE_URL`. */
export interface FeishuConfig {
  /** Default `https://open.feishu.cn/open-apis` (Lark: `https://open.larksuite.com/open-apis`). */
  baseUrl: string;
  appId: string;
  appSecret: string;
}

/** Both or neither of the app id and secret: half a configuration stops the start rather than silently not export. */
export function feishuFromEnv(env: NodeJS.ProcessEnv): FeishuConfig | undefined {
  const appId = env.FEISHU_APP_ID?.trim();
  const appSecret = env.FEISHU_APP_SECRET?.trim();
  if (!appId && !appSecret) return undefined;
  if (!appId || !appSecret)
    throw new Error(`Incomplete Feishu settings: ${appId ? 'FEISHU_APP_SECRET' : 'FEISHU_APP_ID'} missing`);
  return {
    baseUrl: httpUrl('FEISHU_BASE_URL', env.FEISHU_BASE_URL) ?? 'https://open.feishu.cn/open-apis',
    appId,
    appSecret,
  };
}

export function engineFromEnv(env: NodeJS.ProcessEnv): EngineConfig {
  return {
    sandbox: env.ENGINE_SANDBOX === '1' || env.ENGINE_SANDBOX === 'true',
    scheduler: env.ENGINE_SCHEDULER !== '0' && env.ENGINE_SCHEDULER !== 'false',
    publicUrl: httpUrl('ENGINE_PUBLIC_URL', env.ENGINE_PUBLIC_URL),
    sandboxPaceMs: env.ENGINE_SANDBOX_PACE_MS
      ? Math.max(0, Number(env.ENGINE_SANDBOX_PACE_MS) || 0)
      : undefined,
    feishu: feishuFromEnv(env),
    mjProxy: mjProxyFromEnv(env),
    sandboxSmtpPort: env.SANDBOX_SMTP_PORT ? Number(env.SANDBOX_SMTP_PORT) : 2525,
  };
}

function mjProxyFromEnv(env: NodeJS.ProcessEnv): EngineConfig['mjProxy'] {
  const baseUrl = httpUrl('MJ_PROXY_URL', env.MJ_PROXY_URL);
  return baseUrl
    ? { baseUrl: baseUrl.replace(/\/+$/u, ''), secret: env.MJ_PROXY_SECRET?.trim() ?? '' }
    : undefined;
}

/** Alipay open-platform app (docs/automation-domain.md §3.4); keys as PEM, a PEM file path, or bare base64. */
export interface AlipayEnv {
  appId: string;
  /** The app's private key (RSA2). */
  privateKey: string;
  /** Alipay's public key (not the app's). */
  alipayPublicKey: string;
  gatewayUrl: string;
}

/** WeChat Pay APIv3 merchant (docs/automation-domain.md §3.5). */
export interface WechatPayEnv {
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  privateKey: string;
  /** APIv3 key, 32 characters. */
  apiV3Key: string;
  /** WeChat Pay public key (or platform certificate) and its id (`PUB_KEY_ID_…`) or serial. */
  platformPublicKey: string;
  platformSerial: string;
  baseUrl: string;
}

export interface PayConfig {
  /**
   * Local fake gateways (src/pay/sandbox) for the channels not configured for real, mounted at `/sandbox-pay`:
   * payments are simulated by a click. For development only.
   */
  sandbox: boolean;
  /** Public base URL the channels reach us at (notify URLs); in sandbox mode the server's own address. */
  notifyBaseUrl?: string | undefined;
  /** Where Alipay page pay returns the browser when the console gives none (default `<base>/pay/pay`). */
  returnUrl?: string | undefined;
  alipay?: AlipayEnv | undefined;
  wechat?: WechatPayEnv | undefined;
  /** Minimum gap between two channel queries of one attempt while polling (default 5000). */
  queryIntervalMs?: number | undefined;
  /** Period of the sweep that closes expired unpaid orders (default 60000; 0 = no sweep). */
  sweepIntervalMs?: number | undefined;
}

/**
 * A group of variables that must be set together: all of them, or none (undefined). Half a configuration is a
 * mistake worth stopping the start for, rather than a channel that silently stays off.
 */
function group<K extends string>(
  env: NodeJS.ProcessEnv,
  vars: Record<K, string>,
): Record<K, string> | undefined {
  const entries = Object.entries(vars) as [K, string][];
  const set = entries.filter(([, name]) => env[name]);
  if (set.length === 0) return undefined;
  const missing = entries.filter(([, name]) => !env[name]).map(([, name]) => name);
  if (missing.length) throw new Error(`Incomplete payment settings: ${missing.join(', ')} missing`);
  return Object.fromEntries(entries.map(([key, name]) => [key, env[name] as string])) as Record<K, string>;
}

function httpUrl(name: string, v: string | undefined): string | undefined {
  if (!v) return undefined;
  if (!/^https?:\/\/[^/]+/.test(v)) throw new Error(`Invalid ${name}: ${v}`);
  return v.replace(/\/+$/, '');
}

export function payFromEnv(env: NodeJS.ProcessEnv): PayConfig {
  const alipay = group(env, {
    appId: 'ALIPAY_APP_ID',
    privateKey: 'ALIPAY_PRIVATE_KEY',
    alipayPublicKey: 'ALIPAY_PUBLIC_KEY',
  });
  const wechat = group(env, {
    appId: 'WXPAY_APP_ID',
    mchId: 'WXPAY_MCH_ID',
    serialNo: 'WXPAY_CERT_SERIAL',
    privateKey: 'WXPAY_PRIVATE_KEY',
    apiV3Key: 'WXPAY_API_V3_KEY',
    platformPublicKey: 'WXPAY_PLATFORM_PUBLIC_KEY',
    platformSerial: 'WXPAY_PLATFORM_SERIAL',
  });
  return {
    sandbox: env.PAY_SANDBOX === '1' || env.PAY_SANDBOX === 'true',
    notifyBaseUrl: httpUrl('PAY_NOTIFY_BASE_URL', env.PAY_NOTIFY_BASE_URL),
    returnUrl: httpUrl('PAY_RETURN_URL', env.PAY_RETURN_URL),
    alipay: alipay && {
      ...alipay,
      gatewayUrl:
        httpUrl('ALIPAY_GATEWAY_URL', env.ALIPAY_GATEWAY_URL) ?? 'https://openapi.alipay.com/gateway.do',
    },
    wechat: wechat && {
      ...wechat,
      baseUrl: httpUrl('WXPAY_BASE_URL', env.WXPAY_BASE_URL) ?? 'https://api.mch.weixin.qq.com',
    },
  };
}

function uploadMaxBytes(v: string | undefined): number | undefined {
  if (!v) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`Invalid UPLOAD_MAX_BYTES: ${v}`);
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number.parseInt(env.PORT ?? '8600', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  const consoleDist = env.CONSOLE_DIST ?? path.join(repoRoot, 'apps/console/dist');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? path.join(repoRoot, '.data/pglite'),
    jwtSecret: env.JWT_SECRET || undefined,
    consoleDist: existsSync(consoleDist) ? consoleDist : undefined,
    logger: env.LOG_LEVEL !== 'silent',
    // next to the PGlite folder: <repo>/.data/uploads, or <DATA_DIR>-uploads (several instances need a shared one)
    uploadDir:
      env.UPLOAD_DIR ||
      (env.DATA_DIR && !env.DATA_DIR.startsWith('memory://')
        ? `${env.DATA_DIR}-uploads`
        : path.join(repoRoot, '.data/uploads')),
    uploadMaxBytes: uploadMaxBytes(env.UPLOAD_MAX_BYTES),
    pay: payFromEnv(env),
    engine: engineFromEnv(env),
  };
}
