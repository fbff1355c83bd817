/**
 * Exercises every operation of the contract against a backend: valid calls (lists, details, lifecycles, extras),
 * invalid calls (wrong types, missing required input, oversized strings, unknown ids, no token), and validates
 * the status, the envelope and the schema of every answer.
 */
import { classify, hasLifecycle, resources, type Classified, type Kind, type Resource } from './classify';
import { HttpClient, md5, type Reply, type RequestSpec } from './http';
import { IsolationProbe, tenantOwned, type PeerCredentials } from './isolation';
import {
  flatten,
  isIdName,
  objectShape,
  oversized,
  sample,
  typeOf,
  uniqueFields,
  uniqueString,
  unknownId,
  wrongType,
} from './sampler';
import { operationsOf, type OpenApiDocument, type Operation, type Parameter, type Schema } from './spec';
import { Validator } from './validate';

export interface Check {
  name: string;
  ok: boolean;
  reason?: string | undefined;
  ms: number;
}

export type OpStatus = 'implemented' | 'not-implemented' | 'skipped';

export interface OpReport {
  operationId: string;
  tag: string;
  method: string;
  path: string;
  kind: Kind;
  status: OpStatus;
  /** why it is skipped / how it was exercised */
  note?: string | undefined;
  checks: Check[];
}

export interface RunReport {
  baseUrl: string;
  ops: OpReport[];
  requests: number;
  durationMs: number;
}

export interface RunOptions {
  doc: OpenApiDocument;
  baseUrl: string;
  tenant: string;
  account: string;
  password: string;
  /** `id:secret` of the OAuth client */
  client: string;
  /** only these tags (modules) */
  only?: string[] | undefined;
  timeoutMs?: number | undefined;
  concurrency?: number | undefined;
  /** a second account in another tenant: every created tenant-owned row is attacked with its session */
  peer?: PeerCredentials | undefined;
  /** progress output (one line per resource) */
  log?: ((line: string) => void) | undefined;
}

const NOT_IMPLEMENTED = new Set([404, 501]);

/** Request input of one call: query, path and header parameters and the JSON body. */
interface Input {
  query: Record<string, unknown>;
  pathParams: Record<string, unknown>;
  headers: Record<string, string>;
  body?: unknown;
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const short = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Parameters the client itself manages (the tenant, switch mode headers, the token). */
const MANAGED_HEADERS =
  /^(tenant-id|dept-id|role-id|smart-auth|authorization|user-type|captcha-key|captcha-code)$/i;

export class Runner {
  readonly http: HttpClient;
  readonly validator: Validator;
  readonly suffix: string;
  private readonly reports = new Map<string, OpReport>();
  private counter = 0;
  private tokenPath = '/api/smart-auth/oauth/token';
  private isolation: IsolationProbe | undefined;

  constructor(private readonly opts: RunOptions) {
    const basic = `Basic ${Buffer.from(opts.client).toString('base64')}`;
    this.http = new HttpClient(opts.baseUrl, basic, opts.tenant, opts.timeoutMs ?? 10_000);
    this.validator = new Validator(opts.doc);
    // unique per run: keys created by the checker never collide with an earlier run's
    this.suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  }

  private get doc() {
    return this.opts.doc;
  }

  async run(): Promise<RunReport> {
    const started = Date.now();
    const all = operationsOf(this.doc).map((op) => classify(this.doc, op));
    const token = all.find((c) => c.kind === 'token' && /\/oauth\/token$/.test(c.op.path));
    if (token) this.tokenPath = token.op.path;
    // the session of the checker (LoginError propagates: exit code 2)
    const session = await this.http.login(this.tokenPath, this.opts.account, this.opts.password);
    this.http.token = String(session.access_token);
    if (this.opts.peer) {
      const { tenant, account, password } = this.opts.peer;
      const peer = new HttpClient(this.opts.baseUrl, this.http.basic, tenant, this.opts.timeoutMs ?? 10_000);
      peer.token = String((await peer.login(this.tokenPath, account, password)).access_token);
      this.isolation = new IsolationProbe({
        doc: this.doc,
        owner: this.http,
        peer,
        validInput: (c, ids) => this.spec(this.validInput(c.op, { ids })),
        record: (c, name, reason, ms) => this.record(c, name, reason, ms),
        isImplemented: (c) => !this.isNotImplemented(c),
      });
    }

    const only = this.opts.only?.length ? new Set(this.opts.only) : undefined;
    const selected = all.filter((c) => !only || only.has(c.op.tag));
    for (const c of selected) {
      this.reports.set(c.op.operationId, {
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
    await pool(rest, this.opts.concurrency ?? 4, (r) => this.resource(r));
    for (const r of late) await this.resource(r);
    return {
      baseUrl: this.opts.baseUrl,
      ops: [...this.reports.values()],
      requests: this.http.requests,
      durationMs: Date.now() - started,
    };
  }

  /* ------------------------------------------------------------ recording */

  private report(c: Classified): OpReport {
    return this.reports.get(c.op.operationId)!;
  }

  private record(c: Classified, name: string, reason: string | undefined, ms: number) {
    this.report(c).checks.push({ name, ok: !reason, reason, ms });
  }

  private isNotImplemented(c: Classified): boolean {
    return this.report(c).status === 'not-implemented';
  }

  /** Sends a call; records a check named `name` when `expect` gives a verdict. */
  private async call(
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

  /* ------------------------------------------------------------ expectations */

  private schemaFor(op: Operation, status: number): { schema: Schema | undefined; documented: boolean } {
    const key = String(status);
    const classKey = `${key[0]}XX`;
    for (const k of [key, classKey, 'default']) {
      if (k in op.responses) return { schema: op.responses[k], documented: true };
    }
    return { schema: undefined, documented: false };
  }

  /** Envelope-shaped response schema (code/success/msg) or raw JSON (OAuth2, logout)? */
  private isEnvelope(schema: Schema | undefined): boolean {
    if (!schema) return true;
    const props = objectShape(this.doc, schema).properties;
    return 'code' in props && 'success' in props;
  }

  private transport(reply: Reply): string | undefined {
    if (reply.status === 0) return `no answer: ${reply.error}`;
    if (reply.status >= 500) return `HTTP ${reply.status} (server error)${msgOf(reply)}`;
    return undefined;
  }

  /** A 2xx answer, documented, whose body matches the schema (and the success envelope). */
  expectOk(op: Operation) {
    return (reply: Reply): string | undefined => {
      const t = this.transport(reply);
      if (t) return t;
      if (reply.status < 200 || reply.status > 299)
        return `expected 2xx, got HTTP ${reply.status}${msgOf(reply)}`;
      return this.conforms(op, reply, true);
    };
  }

  /** A 4xx answer with the error envelope (OAuth2 error for the token endpoint), never a 5xx. */
  expectRefusal(op: Operation) {
    return (reply: Reply): string | undefined => {
      const t = this.transport(reply);
      if (t) return t;
      if (reply.status < 400 || reply.status > 499) {
        return `expected 4xx, got HTTP ${reply.status}${msgOf(reply)}`;
      }
      return this.conforms(op, reply, false);
    };
  }

  /** Either a valid success or a documented refusal (calls whose outcome depends on data the checker cannot know). */
  expectOkOrRefusal(op: Operation) {
    return (reply: Reply): string | undefined =>
      reply.status >= 400 && reply.status <= 499 ? this.expectRefusal(op)(reply) : this.expectOk(op)(reply);
  }

  private conforms(op: Operation, reply: Reply, success: boolean): string | undefined {
    const { schema, documented } = this.schemaFor(op, reply.status);
    if (reply.json === undefined) return `HTTP ${reply.status}: body is not JSON (${short(reply.text, 60)})`;
    const envelope = this.isEnvelope(schema);
    if (envelope) {
      const b = reply.json as Record<string, unknown>;
      if (
        !isObj(b) ||
        typeof b.code !== 'number' ||
        typeof b.success !== 'boolean' ||
        typeof b.msg !== 'string'
      ) {
        return `HTTP ${reply.status}: not an envelope {code, success, msg, data}: ${short(reply.text, 80)}`;
      }
      if (!('data' in b)) return `HTTP ${reply.status}: envelope without data`;
      if (success && (b.code !== 200 || b.success !== true)) {
        return `HTTP ${reply.status} but envelope code ${String(b.code)}, success ${String(b.success)}${msgOf(reply)}`;
      }
      if (!success && (b.code === 200 || b.success !== false)) {
        return `HTTP ${reply.status} but envelope code ${String(b.code)}, success ${String(b.success)}`;
      }
    }
    if (!documented) return `HTTP ${reply.status} is not documented for ${op.operationId}`;
    if (!schema) return undefined;
    const why = this.validator.check(schema, reply.json);
    return why ? `HTTP ${reply.status} body violates the schema: ${why}` : undefined;
  }

  /* ------------------------------------------------------------ inputs */

  /**
   * Valid input from the contract; id parameters (and the parameter named `key`, for code-keyed resources) filled
   * by `ids` when given. When the ids do not fit such a parameter, a fresh value that fits is used, never the
   * contract's example: the example may name a real row (the seeded region 110101), which a remove would delete.
   */
  validInput(
    op: Operation,
    opts: { ids?: string[] | undefined; optional?: boolean; key?: string | undefined } = {},
  ): Input {
    const input: Input = { query: {}, pathParams: {}, headers: {} };
    for (const p of op.parameters) {
      if (p.in === 'header' && MANAGED_HEADERS.test(p.name)) continue;
      if (p.in === 'cookie') continue;
      if (!p.required && !(opts.optional && p.in !== 'header')) continue;
      let value = paramExample(p) ?? sample(this.doc, p.schema, { request: true });
      if (opts.ids && (isIdName(p.name) || p.name === opts.key)) {
        const ids = /ids$/i.test(p.name) ? opts.ids.join(',') : opts.ids[0];
        if (this.fits(p.schema, ids)) value = ids;
        else if (p.schema && typeof value === 'string') {
          const fresh = uniqueString(p.schema, value, this.nextSuffix());
          if (fresh !== value && this.fits(p.schema, fresh)) value = fresh;
        }
      }
      if (p.in === 'query') input.query[p.name] = value;
      else if (p.in === 'path') input.pathParams[p.name] = value;
      else input.headers[p.name] = String(value);
    }
    if (op.body) {
      const body = sample(this.doc, op.body, { request: true });
      if (opts.ids && isObj(body)) {
        for (const key of Object.keys(body)) {
          if (!isIdName(key)) continue;
          const v = body[key];
          const prop = objectShape(this.doc, op.body).properties[key];
          const ids = /ids$/i.test(key) ? opts.ids.join(',') : opts.ids[0];
          if (typeof v === 'string' && this.fits(prop, ids)) body[key] = ids;
          else if (Array.isArray(v) && this.fits(prop, opts.ids)) body[key] = opts.ids.slice();
        }
      }
      input.body = body;
    } else if (op.bodyRequired) input.body = {};
    return input;
  }

  /** The value is valid for the schema (ids are only substituted where an id fits, e.g. not a tenant code). */
  private fits(schema: Schema | undefined, value: unknown): boolean {
    return !schema || this.validator.check(schema, value) === undefined;
  }

  private spec(input: Input, token?: string | false): Omit<RequestSpec, 'method' | 'path'> {
    return {
      query: input.query,
      pathParams: input.pathParams,
      headers: input.headers,
      body: input.body,
      ...(token !== undefined ? { token } : {}),
    };
  }

  private nextSuffix(): string {
    this.counter++;
    return `_cc${this.suffix}${this.counter.toString(36)}`;
  }

  /* ------------------------------------------------------------ per resource */

  private async resource(r: Resource) {
    this.opts.log?.(`  ${r.tag.padEnd(12)} ${r.path} (${r.ops.length} operations)`);
    const listed: string[] = [];
    const own: string[] = [];
    if (r.list) await this.list(r.list, listed);
    if (r.create) await this.lifecycle(r, own, listed);
    for (const c of r.ops) {
      if (this.report(c).checks.length || this.isNotImplemented(c)) {
        if (!this.isNotImplemented(c)) await this.negatives(c);
        continue;
      }
      switch (c.kind) {
        case 'token':
          await this.token(c);
          break;
        case 'logout':
          await this.logout(c);
          break;
        case 'detail':
          await this.detail(c, listed);
          break;
        case 'remove':
          // without an own row: an unknown id, which is never another user's data
          await this.call(
            c,
            'valid input (unknown id)',
            this.spec(this.validInput(c.op, { ids: [unknownId()] })),
            this.expectOkOrRefusal(c.op),
            true,
          );
          break;
        case 'update':
        case 'create':
        case 'list':
        case 'extra':
          await this.extra(c, own, listed);
          break;
      }
      if (!this.isNotImplemented(c) && this.report(c).status !== 'skipped') await this.negatives(c);
    }
  }

  private async list(c: Classified, listed: string[]) {
    const input = this.validInput(c.op);
    const reply = await this.call(c, 'list', this.spec(input), this.expectOk(c.op), true);
    if (reply.status !== 200) return;
    const data = (reply.json as { data?: unknown } | undefined)?.data;
    const rows = Array.isArray(data) ? data : isObj(data) && Array.isArray(data.records) ? data.records : [];
    for (const row of rows as unknown[]) if (isObj(row) && typeof row.id === 'string') listed.push(row.id);
    if (isObj(data) && Array.isArray(data.records) && typeof data.size === 'number') {
      this.record(
        c,
        'page size respected',
        data.records.length > data.size
          ? `${data.records.length} records on a page of ${data.size}`
          : undefined,
        0,
      );
    }
  }

  private async detail(c: Classified, listed: string[]) {
    if (listed[0]) {
      await this.call(
        c,
        'detail of a listed row',
        this.spec(this.validInput(c.op, { ids: [listed[0]] })),
        this.expectOk(c.op),
        true,
      );
    } else {
      // nothing listed: the contract's example id, which may or may not exist on this backend
      await this.call(
        c,
        'detail (example id)',
        this.spec(this.validInput(c.op)),
        this.expectOkOrRefusal(c.op),
        true,
      );
    }
  }

  private async extra(c: Classified, own: string[], listed: string[]) {
    if (c.unsafe) {
      const rep = this.report(c);
      rep.status = 'skipped';
      rep.note = `not exercised: ${c.unsafe}`;
      if (c.op.needsToken) {
        await this.call(c, 'no token → 401', { token: false }, this.expectStatus(c.op, 401));
      }
      return;
    }
    if (c.kind === 'create') {
      // a second create operation of the resource: a new row of its own (references such as parentId kept)
      const input = this.validInput(c.op);
      if (isObj(input.body)) {
        delete input.body.id;
        const shape = objectShape(this.doc, c.op.body);
        const suffix = this.nextSuffix();
        for (const f of uniqueFields(shape)) {
          const v = input.body[f];
          if (typeof v === 'string') input.body[f] = uniqueString(shape.properties[f]!, v, suffix);
        }
      }
      await this.call(c, 'valid input (create)', this.spec(input), this.expectOk(c.op), true);
      return;
    }
    const takesIds = c.op.parameters.some((p) => isIdName(p.name)) || this.bodyHasIds(c.op);
    if (!takesIds) {
      await this.call(c, 'valid input', this.spec(this.validInput(c.op)), this.expectOk(c.op), true);
      return;
    }
    // reads may use listed rows; writes only the checker's own rows, else an id that does not exist
    const read = c.op.method === 'GET';
    const ids = own.length ? own.slice(0, 1) : read && listed.length ? listed.slice(0, 1) : [unknownId()];
    // strict only when the ids are this resource's own (`id`/`ids`); `roleIds`, `parentId` … name other entities
    const names = [
      ...c.op.parameters.map((p) => p.name),
      ...(c.op.body ? Object.keys(objectShape(this.doc, c.op.body).properties) : []),
    ].filter(isIdName);
    const known = (own.length > 0 || (read && listed.length > 0)) && names.every((n) => /^(id|ids)$/.test(n));
    const expect = known ? this.expectOk(c.op) : this.expectOkOrRefusal(c.op);
    await this.call(
      c,
      known ? 'valid input' : 'valid input (unknown id)',
      this.spec(this.validInput(c.op, { ids })),
      expect,
      true,
    );
  }

  private bodyHasIds(op: Operation): boolean {
    if (!op.body) return false;
    return Object.keys(objectShape(this.doc, op.body).properties).some((k) => isIdName(k));
  }

  private expectStatus(op: Operation, status: number) {
    return (reply: Reply): string | undefined => {
      const t = this.transport(reply);
      if (t) return t;
      if (reply.status !== status) return `expected HTTP ${status}, got ${reply.status}${msgOf(reply)}`;
      return this.conforms(op, reply, false);
    };
  }

  /* ------------------------------------------------------------ lifecycle */

  private async lifecycle(r: Resource, own: string[], listed: string[]) {
    const create = r.create!;
    const shape = objectShape(this.doc, create.op.body);
    const unique = uniqueFields(shape);
    const base = this.validInput(create.op, { optional: false });
    const body = isObj(base.body) ? base.body : {};
    delete body.id;
    // every optional writable field too, so the read back compares as much as possible
    const full = sample(this.doc, create.op.body, { request: true });
    if (isObj(full)) for (const [k, v] of Object.entries(full)) if (k !== 'id' && !(k in body)) body[k] = v;
    const suffix = this.nextSuffix();
    for (const f of unique) {
      if (typeof body[f] === 'string')
        body[f] = uniqueString(shape.properties[f]!, body[f] as string, suffix);
    }
    base.body = body;
    const created = await this.call(create, 'create', this.spec(base), this.expectOk(create.op), true);
    if (this.isNotImplemented(create) || created.status !== 200) return;

    const id = await this.createdId(r, created, body, unique);
    if (!id) {
      this.record(
        create,
        'find the created row',
        'the create answered no id and no list filter finds the row',
        0,
      );
      return;
    }
    own.push(id);
    listed.unshift(id);
    // code-keyed resources (region): the created row's id is one of its own unique fields; that field is its key,
    // so the update keeps it (a new code would insert a second row) and detail/remove address the row by it
    const key = unique.find((f) => body[f] === id);
    let removed = false;
    try {
      if (r.detail) await this.readBack(r.detail, id, body, 'read back after create', key);

      // update: the update operation when there is one, else create/submit with the id
      const update = r.update ?? create;
      if (this.isolation && !key && tenantOwned(this.doc, r))
        await this.isolation.attack(r, id, body, update);
      const changed: Record<string, unknown> = { ...body, id };
      const suffix2 = this.nextSuffix();
      for (const f of unique) {
        if (typeof body[f] === 'string' && f !== key)
          changed[f] = uniqueString(
            shape.properties[f]!,
            String(sample(this.doc, shape.properties[f], { request: true })),
            suffix2,
          );
      }
      const upd = this.validInput(update.op, { optional: false });
      upd.body = changed;
      const updated = await this.call(
        update,
        'update own row',
        this.spec(upd),
        this.expectOk(update.op),
        update !== create,
      );
      if (updated.status === 200 && r.detail)
        await this.readBack(r.detail, id, changed, 'read back after update', key);

      if (r.remove) {
        const rem = this.validInput(r.remove.op, { ids: [id], key });
        const res = await this.call(
          r.remove,
          'remove own row',
          this.spec(rem),
          this.expectOk(r.remove.op),
          true,
        );
        removed = res.status === 200;
        if (removed && r.detail) {
          await this.call(
            r.detail,
            'detail after remove → 4xx',
            this.spec(this.validInput(r.detail.op, { ids: [id], key })),
            this.expectRefusal(r.detail.op),
          );
        }
      }
    } finally {
      if (!removed && r.remove && !this.isNotImplemented(r.remove)) {
        // clean up what the checker created (not a check)
        await this.http.send({
          method: r.remove.op.method,
          path: r.remove.op.path,
          ...this.spec(this.validInput(r.remove.op, { ids: [id], key })),
        });
      }
    }
    listed.splice(listed.indexOf(id), 1);
    // the row is gone (removed, or cleaned up above): later calls must not treat it as an existing own row
    if (r.remove && !this.isNotImplemented(r.remove)) own.splice(own.indexOf(id), 1);
  }

  /** Id of the created row: `data.id`, else found through the list filtered by a unique field. */
  private async createdId(
    r: Resource,
    reply: Reply,
    body: Record<string, unknown>,
    unique: string[],
  ): Promise<string | undefined> {
    const data = (reply.json as { data?: unknown } | undefined)?.data;
    if (isObj(data) && typeof data.id === 'string' && data.id) return data.id;
    // Every implemented list-like operation of the resource (list, lazy-list, …), the declared one first.
    const listLike = (o: Classified) =>
      o.kind === 'list' || (o.kind === 'extra' && o.op.method === 'GET' && /list$/.test(o.op.path));
    const lists = [r.list, ...r.ops.filter((o) => listLike(o) && o !== r.list)].filter(
      (o): o is Classified => !!o && !this.isNotImplemented(o),
    );
    for (const list of lists) {
      for (const f of unique) {
        const param = list.op.parameters.find(
          (p) => p.in === 'query' && (p.name === f || p.name === `${f}_equal`),
        );
        if (!param) continue;
        const res = await this.http.send({
          method: list.op.method,
          path: list.op.path,
          query: { [param.name]: body[f], size: 50 },
        });
        const d = (res.json as { data?: unknown } | undefined)?.data;
        const rows = (
          Array.isArray(d) ? d : isObj(d) && Array.isArray(d.records) ? d.records : []
        ) as unknown[];
        const row = rows.find((x) => isObj(x) && x[f] === body[f]);
        if (isObj(row) && typeof row.id === 'string') return row.id;
      }
    }
    return undefined;
  }

  private async readBack(
    detail: Classified,
    id: string,
    sent: Record<string, unknown>,
    name: string,
    key?: string,
  ) {
    const dataSchema = objectShape(this.doc, detail.op.responses['200']).properties.data;
    const declared = objectShape(this.doc, dataSchema).properties;
    await this.call(
      detail,
      name,
      this.spec(this.validInput(detail.op, { ids: [id], key })),
      (reply) => {
        const bad = this.expectOk(detail.op)(reply);
        if (bad) return bad;
        const data = (reply.json as { data?: unknown }).data;
        if (!isObj(data)) return 'detail data is not an object';
        const diffs: string[] = [];
        for (const [k, v] of Object.entries(sent)) {
          const prop = declared[k];
          // passwords and secrets are never read back (masked, e.g. clientSecret `******`)
          if (!prop || prop.writeOnly || /password|secret/i.test(k)) continue;
          if (!(k in data)) diffs.push(`${k} missing`);
          else if (!same(v, data[k]))
            diffs.push(
              `${k}: sent ${short(JSON.stringify(v), 40)}, got ${short(JSON.stringify(data[k]), 40)}`,
            );
        }
        return diffs.length ? `read back differs: ${diffs.slice(0, 3).join('; ')}` : undefined;
      },
      true,
    );
  }

  /* ------------------------------------------------------------ auth */

  private async token(c: Classified) {
    const refresh = /\/refresh$/.test(c.op.path) || !c.op.parameters.some((p) => p.name === 'username');
    if (!refresh) {
      // the real login, then refusals for an account that does not exist (never the checker's own account:
      // failures count towards its lock-out)
      await this.call(
        c,
        'password grant',
        {
          query: {
            grant_type: 'password',
            username: this.opts.account,
            password: md5(this.opts.password),
            scope: 'all',
            tenantId: this.opts.tenant,
          },
          token: false,
        },
        this.expectOk(c.op),
        true,
      );
    } else {
      const fresh = await this.http.login(this.tokenPath, this.opts.account, this.opts.password);
      await this.call(
        c,
        'refresh grant',
        {
          query: {
            grant_type: 'refresh_token',
            refresh_token: String(fresh.refresh_token),
            scope: 'all',
            tenantId: this.opts.tenant,
          },
          token: false,
        },
        this.expectOk(c.op),
        true,
      );
      await this.call(
        c,
        'refresh token is single use → 4xx',
        {
          query: { grant_type: 'refresh_token', refresh_token: String(fresh.refresh_token), scope: 'all' },
          token: false,
        },
        this.expectRefusal(c.op),
      );
    }
    if (this.isNotImplemented(c)) return;
    const nobody = {
      grant_type: 'password',
      username: `cc-nobody${this.suffix}`,
      password: md5('wrong'),
      scope: 'all',
    };
    if (!refresh) {
      await this.call(c, 'unknown account → 4xx', { query: nobody, token: false }, this.expectRefusal(c.op));
    } else {
      await this.call(
        c,
        'forged refresh token → 4xx',
        { query: { grant_type: 'refresh_token', refresh_token: 'not.a.jwt', scope: 'all' }, token: false },
        this.expectRefusal(c.op),
      );
    }
    await this.call(
      c,
      'bad client → 401',
      { query: nobody, token: false, headers: { authorization: 'Basic bm9ib2R5Om5vdGhpbmc=' } },
      this.expectStatus(c.op, 401),
    );
  }

  private async logout(c: Classified) {
    // a session of its own: the checker's session must survive
    const fresh = await this.http.login(this.tokenPath, this.opts.account, this.opts.password);
    const token = String(fresh.access_token);
    const reply = await this.call(c, 'logout own session', { token }, this.expectOk(c.op), true);
    if (this.isNotImplemented(c) || reply.status !== 200) return;
    // the token is revoked: any operation that needs a token now answers 401
    await this.call(c, 'token revoked after logout → 401', { token }, (r) =>
      r.status === 401 ? undefined : `expected HTTP 401 with the revoked token, got ${r.status}`,
    );
  }

  /* ------------------------------------------------------------ negatives */

  async negatives(c: Classified) {
    const op = c.op;
    const refuse = this.expectRefusal(op);
    if (c.kind === 'token' || c.kind === 'logout') {
      if (c.kind === 'logout')
        await this.call(c, 'no token → 401', { token: false }, this.expectStatus(op, 401));
      if (c.kind === 'token') await this.paramNegatives(c, this.tokenInput(op), false);
      return;
    }
    if (op.needsToken) await this.call(c, 'no token → 401', { token: false }, this.expectStatus(op, 401));
    // a lax server may act on an invalid call: writes only ever name ids that do not exist (create and update
    // bodies keep their references, e.g. parentId, and lose their own id)
    const write = op.method !== 'GET' && c.kind !== 'create' && c.kind !== 'update';
    const valid = this.validInput(op, { ids: write ? [unknownId()] : undefined });
    if ((c.kind === 'create' || c.kind === 'update') && isObj(valid.body)) delete valid.body.id;
    await this.paramNegatives(c, valid, true);

    // body: wrong type, missing required, oversized, unknown id
    if (op.body && isObj(valid.body)) {
      const vb: Record<string, unknown> = valid.body;
      const shape = objectShape(this.doc, op.body);
      const fields = Object.entries(shape.properties).filter(([, s]) => !s.readOnly);
      const typed = fields.find(([, s]) => wrongType(s, 'json') !== undefined);
      if (typed) {
        await this.call(
          c,
          `wrong type: body.${typed[0]}`,
          this.spec({ ...valid, body: { ...vb, [typed[0]]: wrongType(typed[1], 'json') } }),
          refuse,
        );
      }
      const required = shape.required.find((k) => k !== 'id' && k in vb);
      if (required) {
        const body = clone(vb);
        delete body[required];
        await this.call(c, `missing required: body.${required}`, this.spec({ ...valid, body }), refuse);
      }
      if (op.bodyRequired)
        await this.call(c, 'missing body', this.spec({ ...valid, body: undefined }), refuse);
      const long = fields.find(([k, s]) => typeOf(s) === 'string' && oversized(s, vb[k]) !== undefined);
      if (long) {
        await this.call(
          c,
          `oversized: body.${long[0]}`,
          this.spec({
            ...valid,
            body: { ...vb, [long[0]]: oversized(long[1], vb[long[0]]) },
          }),
          refuse,
        );
      }
      if ('id' in shape.properties && (c.kind === 'create' || c.kind === 'update')) {
        // an update of a row that does not exist must not create or touch anything
        const body: Record<string, unknown> = { ...vb, id: unknownId() };
        for (const f of uniqueFields(shape))
          if (typeof body[f] === 'string')
            body[f] = uniqueString(shape.properties[f]!, body[f] as string, this.nextSuffix());
        await this.call(c, 'unknown id: body.id', this.spec({ ...valid, body }), refuse);
      }
    }
    if (c.kind === 'detail') {
      // a code-keyed detail (region: `code`) is addressed by that parameter
      const key = op.parameters.some((p) => isIdName(p.name)) ? undefined : 'code';
      await this.call(c, 'unknown id', this.spec(this.validInput(op, { ids: [unknownId()], key })), refuse);
    }
  }

  private tokenInput(op: Operation): Input {
    const input = this.validInput(op);
    input.query = { ...input.query, username: `cc-nobody${this.suffix}`, password: md5('wrong') };
    if ('refresh_token' in input.query) input.query.refresh_token = 'not.a.jwt';
    return input;
  }

  /** Wrong type, missing required and oversized for query and path parameters. */
  private async paramNegatives(c: Classified, valid: Input, withToken: boolean) {
    const op = c.op;
    const refuse = this.expectRefusal(op);
    const token = withToken ? undefined : (false as const);
    const params = op.parameters.filter((p) => p.in === 'query' || p.in === 'path');
    const get = (p: Parameter) => (p.in === 'query' ? valid.query : valid.pathParams);
    const typed = params.find(
      (p) => p.schema && wrongType(flatten(this.doc, p.schema), 'query') !== undefined,
    );
    if (typed) {
      const input = clone(valid);
      const target = typed.in === 'query' ? input.query : input.pathParams;
      target[typed.name] = wrongType(flatten(this.doc, typed.schema), 'query');
      await this.call(c, `wrong type: ${typed.name}`, this.spec(input, token), refuse);
    }
    const required = params.find((p) => p.required && p.in === 'query');
    if (required) {
      const input = clone(valid);
      delete input.query[required.name];
      await this.call(c, `missing required: ${required.name}`, this.spec(input, token), refuse);
    }
    const long = params.find(
      (p) =>
        p.schema &&
        typeOf(flatten(this.doc, p.schema)) === 'string' &&
        oversized(flatten(this.doc, p.schema), get(p)[p.name]) !== undefined,
    );
    if (long) {
      const input = clone(valid);
      const target = long.in === 'query' ? input.query : input.pathParams;
      target[long.name] = oversized(
        flatten(this.doc, long.schema),
        target[long.name] ?? sample(this.doc, long.schema),
      );
      await this.call(c, `oversized: ${long.name}`, this.spec(input, token), refuse);
    }
  }
}

function paramExample(p: Parameter): unknown {
  if (p.example !== undefined) return p.example;
  const first = p.examples ? Object.values(p.examples)[0] : undefined;
  return first?.value;
}

function msgOf(reply: Reply): string {
  const b = reply.json as Record<string, unknown> | undefined;
  const msg = b?.msg ?? b?.error_description ?? b?.message;
  return typeof msg === 'string' && msg ? ` (${short(msg, 80)})` : '';
}

/** Loose equality for read-back: numbers and their strings, objects by JSON. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string')) {
    return String(a) === String(b);
  }
  return JSON.stringify(a) === JSON.stringify(b);
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
