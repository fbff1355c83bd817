// Invalid calls and their expected refusals: no token, wrong types, missing required input, oversized strings and
// unknown ids, in the body and in the query and path parameters.
import type { Classified } from '../classify';
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
} from '../sampler';
import type { Parameter } from '../spec';
import { expectRefusal, expectStatus } from './expectations';
import { type Input, spec, tokenInput, validInput } from './inputs';
import type { RunContext } from './run-context';
import { clone, isObj } from './values';

export async function negatives(ctx: RunContext, c: Classified) {
  const op = c.op;
  const refuse = expectRefusal(ctx, op);
  if (c.kind === 'token' || c.kind === 'logout') {
    if (c.kind === 'logout')
      await ctx.call(c, 'no token → 401', { token: false }, expectStatus(ctx, op, 401));
    if (c.kind === 'token') await paramNegatives(ctx, c, tokenInput(ctx, op), false);
    return;
  }
  if (op.needsToken) await ctx.call(c, 'no token → 401', { token: false }, expectStatus(ctx, op, 401));
  // a lax server may act on an invalid call: writes only ever name ids that do not exist (create and update
  // bodies keep their references, e.g. parentId, and lose their own id)
  const write = op.method !== 'GET' && c.kind !== 'create' && c.kind !== 'update';
  const valid = validInput(ctx, op, { ids: write ? [unknownId()] : undefined });
  if ((c.kind === 'create' || c.kind === 'update') && isObj(valid.body)) delete valid.body.id;
  await paramNegatives(ctx, c, valid, true);

  // body: wrong type, missing required, oversized, unknown id
  if (op.body && isObj(valid.body)) {
    const vb: Record<string, unknown> = valid.body;
    const shape = objectShape(ctx.doc, op.body);
    const fields = Object.entries(shape.properties).filter(([, s]) => !s.readOnly);
    const typed = fields.find(([, s]) => wrongType(s, 'json') !== undefined);
    if (typed) {
      await ctx.call(
        c,
        `wrong type: body.${typed[0]}`,
        spec({ ...valid, body: { ...vb, [typed[0]]: wrongType(typed[1], 'json') } }),
        refuse,
      );
    }
    const required = shape.required.find((k) => k !== 'id' && k in vb);
    if (required) {
      const body = clone(vb);
      delete body[required];
      await ctx.call(c, `missing required: body.${required}`, spec({ ...valid, body }), refuse);
    }
    if (op.bodyRequired) await ctx.call(c, 'missing body', spec({ ...valid, body: undefined }), refuse);
    const long = fields.find(([k, s]) => typeOf(s) === 'string' && oversized(s, vb[k]) !== undefined);
    if (long) {
      await ctx.call(
        c,
        `oversized: body.${long[0]}`,
        spec({
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
          body[f] = uniqueString(shape.properties[f]!, body[f] as string, ctx.nextSuffix());
      await ctx.call(c, 'unknown id: body.id', spec({ ...valid, body }), refuse);
    }
  }
  if (c.kind === 'detail') {
    // a code-keyed detail (region: `code`) is addressed by that parameter
    const key = op.parameters.some((p) => isIdName(p.name)) ? undefined : 'code';
    await ctx.call(c, 'unknown id', spec(validInput(ctx, op, { ids: [unknownId()], key })), refuse);
  }
}

/** Wrong type, missing required and oversized for query and path parameters. */
async function paramNegatives(ctx: RunContext, c: Classified, valid: Input, withToken: boolean) {
  const op = c.op;
  const refuse = expectRefusal(ctx, op);
  const token = withToken ? undefined : (false as const);
  const params = op.parameters.filter((p) => p.in === 'query' || p.in === 'path');
  const get = (p: Parameter) => (p.in === 'query' ? valid.query : valid.pathParams);
  const typed = params.find((p) => p.schema && wrongType(flatten(ctx.doc, p.schema), 'query') !== undefined);
  if (typed) {
    const input = clone(valid);
    const target = typed.in === 'query' ? input.query : input.pathParams;
    target[typed.name] = wrongType(flatten(ctx.doc, typed.schema), 'query');
    await ctx.call(c, `wrong type: ${typed.name}`, spec(input, token), refuse);
  }
  const required = params.find((p) => p.required && p.in === 'query');
  if (required) {
    const input = clone(valid);
    delete input.query[required.name];
    await ctx.call(c, `missing required: ${required.name}`, spec(input, token), refuse);
  }
  const long = params.find(
    (p) =>
      p.schema &&
      typeOf(flatten(ctx.doc, p.schema)) === 'string' &&
      oversized(flatten(ctx.doc, p.schema), get(p)[p.name]) !== undefined,
  );
  if (long) {
    const input = clone(valid);
    const target = long.in === 'query' ? input.query : input.pathParams;
    target[long.name] = oversized(
      flatten(ctx.doc, long.schema),
      target[long.name] ?? sample(ctx.doc, long.schema),
    );
    await ctx.call(c, `oversized: ${long.name}`, spec(input, token), refuse);
  }
}
