// The state one run shares between its checks: the contract, the session, the operation reports and their
// recording, the call that tells an unimplemented operation apart, and the run's unique suffixes.
import type { Classified } from '../classify';
import type { HttpClient, Reply, RequestSpec } from '../http';
import type { IsolationProbe } from '../isolation';
import type { OpenApiDocument } from '../spec';
import type { Validator } from '../validate';
import type { OpReport, RunOptions } from './types';

const NOT_IMPLEMENTED = new Set([404, 501]);

export class RunContext {
  readonly reports = new Map<string, OpReport>();
  tokenPath = '/api/smart-auth/oauth/token';
  isolation: IsolationProbe | undefined;
  private counter = 0;

  constructor(
    readonly opts: RunOptions,
    readonly http: HttpClient,
    readonly validator: Validator,
    /** unique per run: keys created by the checker never collide with an earlier run's */
    readonly suffix: string,
  ) {}

  get doc(): OpenApiDocument {
    return this.opts.doc;
  }

  report(c: Classified): OpReport {
    return this.reports.get(c.op.operationId)!;
  }

  record(c: Classified, name: string, reason: string | undefined, ms: number) {
    this.report(c).checks.push({ name, ok: !reason, reason, ms });
  }

  isNotImplemented(c: Classified): boolean {
    return this.report(c).status === 'not-implemented';
  }

  /** Sends a call; records a check named `name` when `expect` gives a verdict. */
  async call(
    c: Classified,
    name: string,
    spec: Omit<RequestSpec, 'method' | 'path'>,
    expect: (reply: Reply) => string | undefined,
    probe = false,
  ): Promise<Reply> {
    const rep = this.report(c);
    if (rep.status === 'not-implemented') return { status: 501, text: '', json: undefined };
    const t0 = Date.now();
    const reply = await this.http.send({ method: c.op.method, path: c.op.path, ...spec });
    const ms = Date.now() - t0;
    // 404 (no route) on the first call, or 501 whenever it comes (a refused invalid call says nothing about
    // whether the operation exists): not implemented, listed and counted, not a violation
    if ((probe && rep.checks.length === 0 && NOT_IMPLEMENTED.has(reply.status)) || reply.status === 501) {
      rep.status = 'not-implemented';
      rep.note = `HTTP ${reply.status}`;
      rep.checks = [];
      return reply;
    }
    this.record(c, name, expect(reply), ms);
    return reply;
  }

  nextSuffix(): string {
    this.counter++;
    return `_cc${this.suffix}${this.counter.toString(36)}`;
  }
}
