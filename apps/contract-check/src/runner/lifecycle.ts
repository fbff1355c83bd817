// The lifecycle of a resource on a row of the checker's own: create → read back → (cross-tenant attack) → update →
// read back → remove → detail refused, and the clean-up when a step fails.
import type { Classified, Resource } from '../classify';
import type { Reply } from '../http';
import { tenantOwned } from '../isolation';
import { objectShape, sample, uniqueFields, uniqueString } from '../sampler';
import { expectOk, expectRefusal } from './expectations';
import { spec, validInput } from './inputs';
import type { RunContext } from './run-context';
import { isObj, short } from './values';

export async function exerciseLifecycle(ctx: RunContext, r: Resource, own: string[], listed: string[]) {
  const create = r.create!;
  const shape = objectShape(ctx.doc, create.op.body);
  const unique = uniqueFields(shape);
  const base = validInput(ctx, create.op, { optional: false });
  const body = isObj(base.body) ? base.body : {};
  delete body.id;
  // every optional writable field too, so the read back compares as much as possible
  const full = sample(ctx.doc, create.op.body, { request: true });
  if (isObj(full)) for (const [k, v] of Object.entries(full)) if (k !== 'id' && !(k in body)) body[k] = v;
  const suffix = ctx.nextSuffix();
  for (const f of unique) {
    if (typeof body[f] === 'string') body[f] = uniqueString(shape.properties[f]!, body[f] as string, suffix);
  }
  base.body = body;
  const created = await ctx.call(create, 'create', spec(base), expectOk(ctx, create.op), true);
  if (ctx.isNotImplemented(create) || created.status !== 200) return;

  const id = await createdId(ctx, r, created, body, unique);
  if (!id) {
    ctx.record(
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
    if (r.detail) await readBack(ctx, r.detail, id, body, 'read back after create', key);

    // update: the update operation when there is one, else create/submit with the id
    const update = r.update ?? create;
    if (ctx.isolation && !key && tenantOwned(ctx.doc, r)) await ctx.isolation.attack(r, id, body, update);
    const changed: Record<string, unknown> = { ...body, id };
    const suffix2 = ctx.nextSuffix();
    for (const f of unique) {
      if (typeof body[f] === 'string' && f !== key)
        changed[f] = uniqueString(
          shape.properties[f]!,
          String(sample(ctx.doc, shape.properties[f], { request: true })),
          suffix2,
        );
    }
    const upd = validInput(ctx, update.op, { optional: false });
    upd.body = changed;
    const updated = await ctx.call(
      update,
      'update own row',
      spec(upd),
      expectOk(ctx, update.op),
      update !== create,
    );
    if (updated.status === 200 && r.detail)
      await readBack(ctx, r.detail, id, changed, 'read back after update', key);

    if (r.remove) {
      const rem = validInput(ctx, r.remove.op, { ids: [id], key });
      const res = await ctx.call(r.remove, 'remove own row', spec(rem), expectOk(ctx, r.remove.op), true);
      removed = res.status === 200;
      if (removed && r.detail) {
        await ctx.call(
          r.detail,
          'detail after remove → 4xx',
          spec(validInput(ctx, r.detail.op, { ids: [id], key })),
          expectRefusal(ctx, r.detail.op),
        );
      }
    }
  } finally {
    if (!removed && r.remove && !ctx.isNotImplemented(r.remove)) {
      // clean up what the checker created (not a check)
      await ctx.http.send({
        method: r.remove.op.method,
        path: r.remove.op.path,
        ...spec(validInput(ctx, r.remove.op, { ids: [id], key })),
      });
    }
  }
  listed.splice(listed.indexOf(id), 1);
  // the row is gone (removed, or cleaned up above): later calls must not treat it as an existing own row
  if (r.remove && !ctx.isNotImplemented(r.remove)) own.splice(own.indexOf(id), 1);
}

/** Id of the created row: `data.id`, else found through the list filtered by a unique field. */
async function createdId(
  ctx: RunContext,
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
    (o): o is Classified => !!o && !ctx.isNotImplemented(o),
  );
  for (const list of lists) {
    for (const f of unique) {
      const param = list.op.parameters.find(
        (p) => p.in === 'query' && (p.name === f || p.name === `${f}_equal`),
      );
      if (!param) continue;
      const res = await ctx.http.send({
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

async function readBack(
  ctx: RunContext,
  detail: Classified,
  id: string,
  sent: Record<string, unknown>,
  name: string,
  key?: string,
) {
  const dataSchema = objectShape(ctx.doc, detail.op.responses['200']).properties.data;
  const declared = objectShape(ctx.doc, dataSchema).properties;
  await ctx.call(
    detail,
    name,
    spec(validInput(ctx, detail.op, { ids: [id], key })),
    (reply) => {
      const bad = expectOk(ctx, detail.op)(reply);
      if (bad) return bad;
      const data = (reply.json as { data?: unknown }).data;
      if (!isObj(data)) return 'detail data is not an object';
      const diffs: string[] = [];
      for (const [k, v] of Object.entries(sent)) {
        const prop = declared[k];
        // passwords and secrets are never read back (masked, e.g. clientSecret `******`, and what the contract
        // marks `x-secret`: an API key answered as its first characters then `****`)
        if (!prop || prop.writeOnly || prop['x-secret'] === true || /password|secret/i.test(k)) continue;
        if (!(k in data)) diffs.push(`${k} missing`);
        else if (!same(v, data[k]))
          diffs.push(`${k}: sent ${short(JSON.stringify(v), 40)}, got ${short(JSON.stringify(data[k]), 40)}`);
      }
      return diffs.length ? `read back differs: ${diffs.slice(0, 3).join('; ')}` : undefined;
    },
    true,
  );
}

/** Loose equality for read-back: numbers and their strings, objects by JSON. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string')) {
    return String(a) === String(b);
  }
  return JSON.stringify(a) === JSON.stringify(b);
}
