// Verdicts on answers: the expected status class, the envelope and the documented schema of every reply. Each
// returns a reason (a violation) or undefined.
import type { Reply } from '../http';
import { objectShape } from '../sampler';
import type { Operation, Schema } from '../spec';
import type { RunContext } from './run-context';
import { isObj, short } from './values';

/** What the verdicts read: the contract and its validator. */
type Contract = Pick<RunContext, 'doc' | 'validator'>;

function schemaFor(op: Operation, status: number): { schema: Schema | undefined; documented: boolean } {
  const key = String(status);
  const classKey = `${key[0]}XX`;
  for (const k of [key, classKey, 'default']) {
    if (k in op.responses) return { schema: op.responses[k], documented: true };
  }
  return { schema: undefined, documented: false };
}

/** Envelope-shaped response schema (code/success/msg) or raw JSON (OAuth2, logout)? */
function isEnvelope(ctx: Contract, schema: Schema | undefined): boolean {
  if (!schema) return true;
  const props = objectShape(ctx.doc, schema).properties;
  return 'code' in props && 'success' in props;
}

function transport(reply: Reply): string | undefined {
  if (reply.status === 0) return `no answer: ${reply.error}`;
  if (reply.status >= 500) return `HTTP ${reply.status} (server error)${msgOf(reply)}`;
  return undefined;
}

/** A 2xx answer, documented, whose body matches the schema (and the success envelope). */
export function expectOk(ctx: Contract, op: Operation) {
  return (reply: Reply): string | undefined => {
    const t = transport(reply);
    if (t) return t;
    if (reply.status < 200 || reply.status > 299)
      return `expected 2xx, got HTTP ${reply.status}${msgOf(reply)}`;
    return conforms(ctx, op, reply, true);
  };
}

/** A 4xx answer with the error envelope (OAuth2 error for the token endpoint), never a 5xx. */
export function expectRefusal(ctx: Contract, op: Operation) {
  return (reply: Reply): string | undefined => {
    const t = transport(reply);
    if (t) return t;
    if (reply.status < 400 || reply.status > 499) {
      return `expected 4xx, got HTTP ${reply.status}${msgOf(reply)}`;
    }
    return conforms(ctx, op, reply, false);
  };
}

/** Either a valid success or a documented refusal (calls whose outcome depends on data the checker cannot know). */
export function expectOkOrRefusal(ctx: Contract, op: Operation) {
  return (reply: Reply): string | undefined =>
    reply.status >= 400 && reply.status <= 499 ? expectRefusal(ctx, op)(reply) : expectOk(ctx, op)(reply);
}

export function expectStatus(ctx: Contract, op: Operation, status: number) {
  return (reply: Reply): string | undefined => {
    const t = transport(reply);
    if (t) return t;
    if (reply.status !== status) return `expected HTTP ${status}, got ${reply.status}${msgOf(reply)}`;
    return conforms(ctx, op, reply, false);
  };
}

function conforms(ctx: Contract, op: Operation, reply: Reply, success: boolean): string | undefined {
  const { schema, documented } = schemaFor(op, reply.status);
  // a download (code.yaml `download`, user.yaml `export-user`) answers its documented media type, not JSON
  const media = op.media[String(reply.status)];
  if (media && reply.json === undefined)
    return reply.contentType?.split(';')[0]?.trim() === media
      ? undefined
      : `HTTP ${reply.status}: expected ${media}, got ${reply.contentType || 'no Content-Type'}`;
  if (reply.json === undefined) return `HTTP ${reply.status}: body is not JSON (${short(reply.text, 60)})`;
  const envelope = isEnvelope(ctx, schema);
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
  const why = ctx.validator.check(schema, reply.json);
  return why ? `HTTP ${reply.status} body violates the schema: ${why}` : undefined;
}

function msgOf(reply: Reply): string {
  const b = reply.json as Record<string, unknown> | undefined;
  const msg = b?.msg ?? b?.error_description ?? b?.message;
  return typeof msg === 'string' && msg ? ` (${short(msg, 80)})` : '';
}
