/**
 * The simulated Feishu's open API under `/sandbox-feishu/open-apis`, speaking Feishu's protocol as the adapter
 * (src/engine/feishu) uses it: the tenant_access_token of the app `sandbox-app` / `sandbox-secret`, values_append,
 * values read, bitable records list (paged) and batch_create. Every answer is Feishu's `{code, msg, data}`; a call
 * without a token answers 99991661, with an unknown or revoked one 99991663 (`revokeTokens` in tests).
 *
 * Errors on demand, by the spreadsheet or base token's prefix: `ratelimitonce…` answers 99991400 (HTTP 429) to the
 * first call on that token, `ratelimit…` to every call, `forbidden…` 90213 (no permission). Tests script the next
 * appends of a spreadsheet (`scriptAppends`): slower, or failing in the ways an export must survive — the rows written
 * but the answer lost, the connection lost before writing, an error answered.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEISHU_CODES, SANDBOX_FEISHU } from '../../engine/feishu/index';
import { SandboxBots } from './bots';
import { FeishuDocuments, SandboxFailure } from './model';

const API = SANDBOX_FEISHU.apiPath;
const TOKEN_SECONDS = 7200;
const MAX_TOKENS = 10_000;
const MAX_SEEN = 10_000;

/**
 * What a scripted values_append does: `write` as Feishu does; `lostAnswer` writes the rows, then closes the connection
 * without answering (to the caller, as when its timeout ends the call after Feishu wrote); `dropBeforeWrite` closes
 * it without writing; `refuse` answers an error (HTTP 500, code 1) without writing.
 */
export type AppendOutcome = 'write' | 'lostAnswer' | 'dropBeforeWrite' | 'refuse';
export interface ScriptedAppend {
  outcome: AppendOutcome;
  /** Waits this long first (tests: two exports in flight at once). */
  delayMs?: number;
}

type Params = Record<string, string>;
type Query = Record<string, string | undefined>;

const answer = (reply: FastifyReply, data: unknown) => reply.send({ code: 0, msg: 'success', data });

export class FeishuSandbox {
  readonly docs = new FeishuDocuments();
  /** The custom bots' messages (./bots.ts). */
  readonly bots = new SandboxBots();
  /** Tokens handed out, to when they expire (ms). */
  private readonly tokens = new Map<string, number>();
  /** How many tokens the token endpoint created (tests: a cached token is not asked for again). */
  tokensIssued = 0;
  /** Document calls received (tests: an export with nothing to write does not call). */
  calls = 0;
  private readonly limitedOnce = new Set<string>();
  private readonly appendScripts = new Map<string, ScriptedAppend[]>();

  /** The next values_append calls on spreadsheet `token` behave so, one step each, then as Feishu again. */
  scriptAppends(token: string, ...steps: (AppendOutcome | ScriptedAppend)[]): void {
    const queue = this.appendScripts.get(token) ?? [];
    queue.push(...steps.map((x) => (typeof x === 'string' ? { outcome: x } : x)));
    this.appendScripts.set(token, queue);
  }

  /** The scripted step of the next append on `token`, if any. */
  private nextAppend(token: string): ScriptedAppend | undefined {
    const queue = this.appendScripts.get(token);
    const step = queue?.shift();
    if (queue && queue.length === 0) this.appendScripts.delete(token);
    return step;
  }

  /** Forgets every token handed out: the next call with one answers 99991663. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  private issueToken(body: unknown) {
    const b = (body ?? {}) as { app_id?: unknown; app_secret?: unknown };
    if (typeof b.app_id !== 'string' || typeof b.app_secret !== 'string')
      throw new SandboxFailure(FEISHU_CODES.badRequest, 'app_id and app_secret are required');
    if (b.app_id !== SANDBOX_FEISHU.appId || b.app_secret !== SANDBOX_FEISHU.appSecret)
      throw new SandboxFailure(FEISHU_CODES.appSecretInvalid, 'app secret invalid');
    if (this.tokens.size >= MAX_TOKENS) this.tokens.clear();
    const token = `t-sandbox-${randomBytes(12).toString('hex')}`;
    this.tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
    this.tokensIssued += 1;
    return { code: 0, msg: 'ok', tenant_access_token: token, expire: TOKEN_SECONDS };
  }

  /** The bearer token, refused as Feishu refuses a missing or an invalid one. */
  private checkToken(req: FastifyRequest): void {
    this.calls += 1;
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!m?.[1])
      throw new SandboxFailure(
        FEISHU_CODES.tokenMissing,
        'Missing access token for authorization. Please make a request with token attached.',
      );
    const until = this.tokens.get(m[1]);
    if (until === undefined || until <= Date.now())
      throw new SandboxFailure(
        FEISHU_CODES.tokenInvalid,
        'Invalid access token for authorization. Please make a request with token attached.',
      );
  }

  /** The errors a document token asks for by its prefix (see the module comment). */
  private inject(docToken: string): void {
    if (docToken.startsWith('ratelimitonce')) {
      if (this.limitedOnce.has(docToken)) return;
      if (this.limitedOnce.size >= MAX_SEEN) this.limitedOnce.clear();
      this.limitedOnce.add(docToken);
      throw new SandboxFailure(FEISHU_CODES.rateLimited, 'request trigger frequency limit', 429);
    }
    if (docToken.startsWith('ratelimit'))
      throw new SandboxFailure(FEISHU_CODES.rateLimited, 'request trigger frequency limit', 429);
    if (docToken.startsWith('forbidden'))
      throw new SandboxFailure(
        FEISHU_CODES.sheetForbidden,
        'forbidden: the app has no access to the document',
        403,
      );
  }

  /** Auth, then the document's injected errors: what every document route does first. */
  private guard(req: FastifyRequest, docToken: string): void {
    this.checkToken(req);
    this.inject(docToken);
  }

  register(app: FastifyInstance): void {
    // Feishu's envelope on these routes, the body parser's refusals included
    const errorHandler = (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
      if (err instanceof SandboxFailure)
        return reply.code(err.status).send({ code: err.code, msg: err.message, data: {} });
      const client = err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500;
      return reply.code(client ? 400 : 500).send({
        code: client ? FEISHU_CODES.badRequest : 1,
        msg: client ? err.message : 'internal error',
        data: {},
      });
    };
    const route = (
      method: 'GET' | 'POST',
      url: string,
      handler: (req: FastifyRequest, reply: FastifyReply) => unknown,
    ) =>
      app.route({
        method,
        url: `${API}${url}`,
        errorHandler,
        handler: async (req, reply) => handler(req, reply),
      });

    route('POST', '/auth/v3/tenant_access_token/internal', (req, reply) =>
      reply.send(this.issueToken(req.body)),
    );
    route('POST', '/sheets/v2/spreadsheets/:token/values_append', async (req, reply) => {
      const { token } = req.params as Params;
      this.guard(req, token!);
      const option = (req.query as Query).insertDataOption ?? 'OVERWRITE';
      if (option !== 'INSERT_ROWS' && option !== 'OVERWRITE')
        throw new SandboxFailure(
          FEISHU_CODES.badRequest,
          'insertDataOption must be INSERT_ROWS or OVERWRITE',
        );
      const vr = (req.body as { valueRange?: { range?: unknown; values?: unknown } } | undefined)?.valueRange;
      if (typeof vr?.range !== 'string')
        throw new SandboxFailure(FEISHU_CODES.badRequest, 'valueRange.range is required');
      const step = this.nextAppend(token!);
      if (step?.delayMs) await new Promise((resolve) => setTimeout(resolve, step.delayMs));
      const hangUp = () => {
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      };
      if (step?.outcome === 'dropBeforeWrite') return hangUp();
      if (step?.outcome === 'refuse') throw new SandboxFailure(1, 'internal error (scripted)', 500);
      const data = this.docs.append(token!, vr.range, vr.values);
      if (step?.outcome === 'lostAnswer') return hangUp();
      return answer(reply, data);
    });
    route('GET', '/sheets/v2/spreadsheets/:token/values/:range', (req, reply) => {
      const { token, range } = req.params as Params;
      this.guard(req, token!);
      return answer(reply, this.docs.read(token!, range!));
    });
    route('GET', '/bitable/v1/apps/:app/tables/:table/records', (req, reply) => {
      const { app: appToken, table } = req.params as Params;
      this.guard(req, appToken!);
      const q = req.query as Query;
      const size = q.page_size === undefined ? 20 : Number(q.page_size);
      if (!Number.isInteger(size) || size < 1 || size > 500)
        throw new SandboxFailure(FEISHU_CODES.badRequest, 'page_size must be 1 to 500');
      return answer(reply, this.docs.list(appToken!, table!, size, q.page_token || undefined));
    });
    route('POST', '/bitable/v1/apps/:app/tables/:table/records/batch_create', (req, reply) => {
      const { app: appToken, table } = req.params as Params;
      this.guard(req, appToken!);
      const records = (req.body as { records?: unknown } | undefined)?.records;
      return answer(reply, this.docs.batchCreate(appToken!, table!, records));
    });
    // a bot's webhook is its credential: no tenant token
    route('POST', '/bot/v2/hook/:id', (req, reply) => {
      this.bots.receive((req.params as Params).id!, req.body);
      return answer(reply, {});
    });
  }
}
