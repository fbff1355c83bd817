/**
 * Which Feishu app a server talks to, as the operations that use Feishu find it: the app configured for real
 * (`FEISHU_APP_ID` / `FEISHU_APP_SECRET`, src/config.ts), else — with the engine's sandbox on (`ENGINE_SANDBOX=1`,
 * npm start) — the simulated Feishu this server mounts (src/sandbox/feishu), else none, and those operations answer
 * 400 未配置飞书应用. Real credentials always win over the sandbox, as for Yingdao (../bindings.ts).
 *
 * The engine's setup binds the resolver to the Fastify app (`bindFeishu`); a handler reaches it through its
 * request's server (`feishuOf`), so the modules keep their `(db, entities)` signature and two servers of one process
 * (tests) never share a target. Production code does not import the sandbox: its address and app are constants here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeishuConfig } from '../../config';
import { BizError } from '../../util';
import { FeishuClient } from './client';
import { FeishuError } from './errors';

/** Where the simulated Feishu is mounted and the app it accepts. */
export const SANDBOX_FEISHU = {
  prefix: '/sandbox-feishu',
  apiPath: '/sandbox-feishu/open-apis',
  appId: 'sandbox-app',
  appSecret: 'sandbox-secret',
} as const;

export const NO_FEISHU_MSG = '未配置飞书应用';

export interface FeishuTarget {
  client: FeishuClient;
  /** Where an operator opens a sheet of a spreadsheet. */
  sheetUrl(spreadsheetToken: string, sheetId: string): string;
}

export type FeishuResolver = () => FeishuTarget | undefined;

const enc = encodeURIComponent;

/**
 * The web address of a spreadsheet: a tenant's own domain (`<tenant>.feishu.cn`) is not knowable from the app, the
 * bare domain redirects a signed-in user to it.
 */
function webSheetUrl(apiBase: string): FeishuTarget['sheetUrl'] {
  const web = /larksuite\.com/i.test(apiBase) ? 'https://larksuite.com' : 'https://feishu.cn';
  return (token, sheetId) => `${web}/sheets/${enc(token)}?sheet=${enc(sheetId)}`;
}

export function feishuResolver(
  config: FeishuConfig | undefined,
  sandboxBase: (() => string) | undefined,
): FeishuResolver {
  if (config) {
    const target: FeishuTarget = { client: new FeishuClient(config), sheetUrl: webSheetUrl(config.baseUrl) };
    return () => target;
  }
  if (!sandboxBase) return () => undefined;
  // the server's address is known once it listens: one client per address (its token cache with it)
  let cached: { base: string; target: FeishuTarget } | undefined;
  return () => {
    const base = sandboxBase();
    if (cached?.base !== base) {
      const client = new FeishuClient({
        baseUrl: `${base}${SANDBOX_FEISHU.apiPath}`,
        appId: SANDBOX_FEISHU.appId,
        appSecret: SANDBOX_FEISHU.appSecret,
      });
      const sheetUrl = (token: string, sheetId: string) =>
        `${base}${SANDBOX_FEISHU.prefix}/sheets/${enc(token)}?sheet=${enc(sheetId)}`;
      cached = { base, target: { client, sheetUrl } };
    }
    return cached.target;
  };
}

const DECORATOR = 'smartFeishu';

/** Binds the resolver to `app` (before it is ready): every route of the app, plugins' included, finds it. */
export function bindFeishu(app: FastifyInstance, resolver: FeishuResolver): void {
  app.decorate(DECORATOR, resolver);
}

/** The Feishu of the request's server; 400 未配置飞书应用 when there is none. */
export function feishuOf(req: FastifyRequest): FeishuTarget {
  const resolve = (req.server as unknown as Record<string, FeishuResolver | undefined>)[DECORATOR];
  const target = resolve?.();
  if (!target) throw new BizError(NO_FEISHU_MSG);
  return target;
}

/** A Feishu failure as the operations answer it: 400 with Feishu's code and message. */
export async function viaFeishu<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof FeishuError) throw new BizError(e.message);
    throw e;
  }
}

/**
 * Where a custom bot's webhook is posted (./run-alerts.ts): as written — a bot needs no app — except on a sandboxed
 * server without a real Feishu app, where Feishu's webhooks go to the simulated Feishu's hook of the same id, so the
 * alerts of `npm start` are seen on its page instead of leaving the machine.
 */
export function botHookUrl(
  config: FeishuConfig | undefined,
  sandboxBase: (() => string) | undefined,
): (webhook: string) => string {
  if (config || !sandboxBase) return (webhook) => webhook;
  return (webhook) =>
    webhook.replace(
      /^https:\/\/open\.(feishu\.cn|larksuite\.com)\/open-apis\//,
      `${sandboxBase()}${SANDBOX_FEISHU.apiPath}/`,
    );
}
