// Operation selection within a resource: the order its operations are exercised in (list, lifecycle, then each
// operation by kind, each followed by its negatives) and the valid calls of lists, details and extras.
import type { Classified, Resource } from '../classify';
import { isIdName, objectShape, uniqueFields, uniqueString, unknownId } from '../sampler';
import type { Operation } from '../spec';
import { exerciseLogout, exerciseToken } from './auth-checks';
import { expectOk, expectOkOrRefusal, expectStatus } from './expectations';
import { spec, validInput } from './inputs';
import { exerciseLifecycle } from './lifecycle';
import { negatives } from './negatives';
import type { RunContext } from './run-context';
import { isObj } from './values';

export async function exerciseResource(ctx: RunContext, r: Resource) {
  ctx.opts.log?.(`  ${r.tag.padEnd(12)} ${r.path} (${r.ops.length} operations)`);
  const listed: string[] = [];
  const rows: Record<string, unknown>[] = [];
  const own: string[] = [];
  if (r.list) await exerciseList(ctx, r.list, listed, rows);
  if (r.create) await exerciseLifecycle(ctx, r, own, listed);
  for (const c of r.ops) {
    if (ctx.report(c).checks.length || ctx.isNotImplemented(c)) {
      if (!ctx.isNotImplemented(c)) await negatives(ctx, c);
      continue;
    }
    switch (c.kind) {
      case 'token':
        await exerciseToken(ctx, c);
        break;
      case 'logout':
        await exerciseLogout(ctx, c);
        break;
      case 'detail':
        await exerciseDetail(ctx, c, listed);
        break;
      case 'remove':
        // without an own row: an unknown id, which is never another user's data
        await ctx.call(
          c,
          'valid input (unknown id)',
          spec(validInput(ctx, c.op, { ids: [unknownId()] })),
          expectOkOrRefusal(ctx, c.op),
          true,
        );
        break;
      case 'update':
      case 'create':
      case 'list':
      case 'extra':
        await exerciseExtra(ctx, c, own, listed, rows);
        break;
    }
    if (!ctx.isNotImplemented(c) && ctx.report(c).status !== 'skipped') await negatives(ctx, c);
  }
}

async function exerciseList(
  ctx: RunContext,
  c: Classified,
  listed: string[],
  rows: Record<string, unknown>[],
) {
  const input = validInput(ctx, c.op);
  const reply = await ctx.call(c, 'list', spec(input), expectOk(ctx, c.op), true);
  if (reply.status !== 200) return;
  const data = (reply.json as { data?: unknown } | undefined)?.data;
  const records = Array.isArray(data) ? data : isObj(data) && Array.isArray(data.records) ? data.records : [];
  for (const row of records as unknown[]) {
    if (!isObj(row)) continue;
    rows.push(row);
    if (typeof row.id === 'string') listed.push(row.id);
  }
  if (isObj(data) && Array.isArray(data.records) && typeof data.size === 'number') {
    ctx.record(
      c,
      'page size respected',
      data.records.length > data.size
        ? `${data.records.length} records on a page of ${data.size}`
        : undefined,
      0,
    );
  }
}

async function exerciseDetail(ctx: RunContext, c: Classified, listed: string[]) {
  if (listed[0]) {
    await ctx.call(
      c,
      'detail of a listed row',
      spec(validInput(ctx, c.op, { ids: [listed[0]] })),
      expectOk(ctx, c.op),
      true,
    );
  } else {
    // nothing listed: the contract's example id, which may or may not exist on this backend
    await ctx.call(c, 'detail (example id)', spec(validInput(ctx, c.op)), expectOkOrRefusal(ctx, c.op), true);
  }
}

async function exerciseExtra(
  ctx: RunContext,
  c: Classified,
  own: string[],
  listed: string[],
  rows: Record<string, unknown>[],
) {
  if (c.unsafe) {
    const rep = ctx.report(c);
    rep.status = 'skipped';
    rep.note = `not exercised: ${c.unsafe}`;
    if (c.op.needsToken) {
      await ctx.call(c, 'no token → 401', { token: false }, expectStatus(ctx, c.op, 401));
    }
    return;
  }
  if (c.kind === 'create') {
    // a second create operation of the resource: a new row of its own (references such as parentId kept)
    const input = validInput(ctx, c.op);
    if (isObj(input.body)) {
      delete input.body.id;
      const shape = objectShape(ctx.doc, c.op.body);
      const suffix = ctx.nextSuffix();
      for (const f of uniqueFields(shape)) {
        const v = input.body[f];
        if (typeof v === 'string') input.body[f] = uniqueString(shape.properties[f]!, v, suffix);
      }
    }
    await ctx.call(c, 'valid input (create)', spec(input), expectOk(ctx, c.op), true);
    return;
  }
  const takesIds = c.op.parameters.some((p) => isIdName(p.name)) || bodyHasIds(ctx, c.op);
  if (!takesIds) {
    const input = validInput(ctx, c.op);
    // a read that resolves keys of the backend's data (a dictionary code, an invite key) takes them from a listed
    // row, which must resolve; without one, the contract's example may or may not exist on this backend, and its
    // documented refusal is as valid as an answer
    const keys = c.op.method === 'GET' ? c.op.parameters.filter((p) => p.required && p.in === 'query') : [];
    const fits = (p: (typeof keys)[number], v: unknown) =>
      typeof v === 'string' && v !== '' && ctx.validator.check(p.schema ?? {}, v) === undefined;
    const row = keys.length ? rows.find((r) => keys.every((p) => fits(p, r[p.name]))) : undefined;
    for (const p of row ? keys : []) input.query[p.name] = row![p.name];
    const guessed = keys.length > 0 && !row;
    const name = guessed ? 'valid input (example key)' : 'valid input';
    await ctx.call(c, name, spec(input), guessed ? expectOkOrRefusal(ctx, c.op) : expectOk(ctx, c.op), true);
    return;
  }
  // reads may use listed rows; writes only the checker's own rows, else an id that does not exist
  const read = c.op.method === 'GET';
  const ids = own.length ? own.slice(0, 1) : read && listed.length ? listed.slice(0, 1) : [unknownId()];
  // strict only when the ids are this resource's own (`id`/`ids`); `roleIds`, `parentId` … name other entities
  const names = [
    ...c.op.parameters.map((p) => p.name),
    ...(c.op.body ? Object.keys(objectShape(ctx.doc, c.op.body).properties) : []),
  ].filter(isIdName);
  const known = (own.length > 0 || (read && listed.length > 0)) && names.every((n) => /^(id|ids)$/.test(n));
  const expect = known ? expectOk(ctx, c.op) : expectOkOrRefusal(ctx, c.op);
  await ctx.call(
    c,
    known ? 'valid input' : 'valid input (unknown id)',
    spec(validInput(ctx, c.op, { ids })),
    expect,
    true,
  );
}

function bodyHasIds(ctx: RunContext, op: Operation): boolean {
  if (!op.body) return false;
  return Object.keys(objectShape(ctx.doc, op.body).properties).some((k) => isIdName(k));
}
