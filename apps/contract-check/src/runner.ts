/**
 * Exercises every operation of the contract against a backend: valid calls (lists, details, lifecycles, extras),
 * invalid calls (wrong types, missing required input, oversized strings, unknown ids, no token), and validates
 * the status, the envelope and the schema of every answer.
 *
 * The parts live under `./runner/`: the run's shared state (`run-context`), request building (`inputs`), the
 * verdicts on answers (`expectations`), the checks per resource (`resource-checks`), per lifecycle (`lifecycle`),
 * of the token and logout (`auth-checks`) and the invalid calls (`negatives`).
 */
import { classify, hasLifecycle, resources, type Classified } from './classify';
import { HttpClient, LoginError } from './http';
import { IsolationProbe } from './isolation';
import { expectOk, expectOkOrRefusal, expectRefusal } from './runner/expectations';
import { type Input, spec, validInput } from './runner/inputs';
import { negatives } from './runner/negatives';
import { exerciseResource } from './runner/resource-checks';
import { RunContext } from './runner/run-context';
import type { RunOptions, RunReport } from './runner/types';
import { operationsOf, type Operation } from './spec';
import { Validator } from './validate';

export type { Check, OpReport, OpStatus, RunOptions, RunReport } from './runner/types';

export class Runner {
  readonly http: HttpClient;
  readonly validator: Validator;
  readonly suffix: string;
  private readonly ctx: RunContext;

  constructor(private readonly opts: RunOptions) {
    const basic = `Basic ${Buffer.from(opts.client).toString('base64')}`;
    this.http = new HttpClient(opts.baseUrl, basic, opts.tenant, opts.timeoutMs ?? 10_000);
    this.validator = new Validator(opts.doc);
    // unique per run: keys created by the checker never collide with an earlier run's
    this.suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    this.ctx = new RunContext(opts, this.http, this.validator, this.suffix);
  }

  private get doc() {
    return this.opts.doc;
  }

  /**
   * Gives `client` its session: the token given (checked against the signed-in user's endpoint, when the contract
   * has one, so a refused token stops the run with a clear message instead of failing every check), else a login.
   */
  private async session(
    client: HttpClient,
    who: { account?: string | undefined; password?: string | undefined; token?: string | undefined },
    tokenPath: string,
    userInfoPath: string | undefined,
    role: string,
  ): Promise<void> {
    if (who.token) {
      client.token = who.token;
      if (!userInfoPath) return;
      const res = await client.send({ method: 'GET', path: userInfoPath });
      if (res.status === 401 || res.status === 403)
        throw new LoginError(
          `the token of ${role} was refused in tenant ${client.tenant}: HTTP ${res.status} ${res.error ?? res.text.slice(0, 200)}`,
        );
      return;
    }
    if (!who.account || !who.password)
      throw new LoginError(`${role} needs an account and password, or a token`);
    client.token = String((await client.login(tokenPath, who.account, who.password)).access_token);
  }

  async run(): Promise<RunReport> {
    const ctx = this.ctx;
    const started = Date.now();
    const all = operationsOf(this.doc).map((op) => classify(this.doc, op));
    const token = all.find((c) => c.kind === 'token' && /\/oauth\/token$/.test(c.op.path));
    if (token) ctx.tokenPath = token.op.path;
    // the session of the checker (LoginError propagates: exit code 2)
    const userInfo = all.find((c) => /\/oauth\/user-info$/.test(c.op.path) && c.op.method === 'GET');
    await this.session(this.http, this.opts, ctx.tokenPath, userInfo?.op.path, 'the checker');
    if (this.opts.peer) {
      const peer = new HttpClient(
        this.opts.baseUrl,
        this.http.basic,
        this.opts.peer.tenant,
        this.opts.timeoutMs ?? 10_000,
      );
      await this.session(peer, this.opts.peer, ctx.tokenPath, userInfo?.op.path, 'the peer');
      ctx.isolation = new IsolationProbe({
        doc: this.doc,
        owner: this.http,
        peer,
        validInput: (c, ids) => spec(validInput(ctx, c.op, { ids })),
        record: (c, name, reason, ms) => ctx.record(c, name, reason, ms),
        isImplemented: (c) => !ctx.isNotImplemented(c),
      });
    }

    const only = this.opts.only?.length ? new Set(this.opts.only) : undefined;
    const selected = all.filter((c) => !only || only.has(c.op.tag));
    for (const c of selected) {
      ctx.reports.set(c.op.operationId, {
        operationId: c.op.operationId,
        tag: c.op.tag,
        method: c.op.method,
        path: c.op.path,
        kind: c.kind,
        status: 'implemented',
        checks: [],
      });
    }
    const groups = resources(selected);
    // logout last: it ends a session (its own one), and nothing may run after it in parallel by accident
    const late = groups.filter((r) => r.ops.some((c) => c.kind === 'logout' || c.kind === 'token'));
    const rest = groups.filter((r) => !late.includes(r));
    await pool(rest, this.opts.concurrency ?? 4, (r) => exerciseResource(ctx, r));
    for (const r of late) await exerciseResource(ctx, r);
    return {
      baseUrl: this.opts.baseUrl,
      ops: [...ctx.reports.values()],
      requests: this.http.requests,
      durationMs: Date.now() - started,
    };
  }

  /** A 2xx answer, documented, whose body matches the schema (and the success envelope). */
  expectOk(op: Operation) {
    return expectOk(this.ctx, op);
  }

  /** A 4xx answer with the error envelope (OAuth2 error for the token endpoint), never a 5xx. */
  expectRefusal(op: Operation) {
    return expectRefusal(this.ctx, op);
  }

  /** Either a valid success or a documented refusal (calls whose outcome depends on data the checker cannot know). */
  expectOkOrRefusal(op: Operation) {
    return expectOkOrRefusal(this.ctx, op);
  }

  /** Valid input from the contract (see `./runner/inputs`). */
  validInput(
    op: Operation,
    opts: { ids?: string[] | undefined; optional?: boolean; key?: string | undefined } = {},
  ): Input {
    return validInput(this.ctx, op, opts);
  }

  async negatives(c: Classified) {
    return negatives(this.ctx, c);
  }
}

async function pool<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(size, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  });
  await Promise.all(workers);
}

export { hasLifecycle };
