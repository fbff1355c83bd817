/**
 * The simulated Feishu (Lark) open platform (docs/automation-domain.md §3.3, "Fake"), mounted on the server under
 * `/sandbox-feishu` when the engine sandbox is on (`ENGINE_SANDBOX=1`, npm start; src/engine/index.ts), so that the
 * comment-log export (`xsh_comm_log/appLogToFeiShu`) and the comment import (`comment/feiShuImport`) can be tried
 * without a Feishu app: a server without `FEISHU_APP_ID` points its Feishu adapter (src/engine/feishu/binding.ts) at
 * it. Tests mount it on a bare Fastify app too.
 *
 * - `./routes.ts`: the API (`/sandbox-feishu/open-apis/…`: token, values_append, values, bitable records) and the
 *   errors it answers on demand;
 * - `./model.ts`: the in-memory spreadsheets and bitables, with the demo documents;
 * - `./page.ts`: the human pages (`/sandbox-feishu/`, `/sandbox-feishu/sheets/:token`), labelled 模拟飞书.
 *
 * Its routes are not operations of the contract: no smart-auth token, the API checks its own tenant_access_token.
 * Production code never imports this folder.
 */
import type { FastifyInstance } from 'fastify';
import { registerPages } from './page';
import { FeishuSandbox } from './routes';

export { DEMO_BITABLE, DEMO_SHEET } from './model';
export { FeishuSandbox, type AppendOutcome, type ScriptedAppend } from './routes';

const mounted = new WeakMap<FastifyInstance, FeishuSandbox>();

/** Mounts the simulated Feishu on `app` (before it is ready). */
export function registerFeishuSandbox(app: FastifyInstance): FeishuSandbox {
  const sandbox = new FeishuSandbox();
  sandbox.register(app);
  registerPages(app, sandbox.docs, sandbox.bots);
  mounted.set(app, sandbox);
  return sandbox;
}

/** The simulated Feishu mounted on `app`, if any (tests). */
export const feishuSandboxOf = (app: FastifyInstance): FeishuSandbox | undefined => mounted.get(app);
