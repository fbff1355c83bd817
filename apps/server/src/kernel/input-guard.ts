/**
 * What the contract's schemas let through but no database stores: a NUL character (U+0000) in a string, which
 * PostgreSQL refuses in text ("invalid byte sequence"), and a number beyond the finite range (`current=1e309`
 * coerces to Infinity, which no integer column or LIMIT takes). Both answer 400 with the envelope, before any
 * handler runs, instead of failing in the query as a 500.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../util';

export const NUL_MSG = '参数不能包含空字符';
export const NUMBER_RANGE_MSG = '数值超出范围';

/** The first problem in a parsed query or body, walking at most `budget` values (bodies are size-limited anyway). */
function problem(value: unknown, budget = { left: 20_000 }): string | undefined {
  if (--budget.left < 0) return undefined;
  if (typeof value === 'string') return value.includes('\u0000') ? NUL_MSG : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : NUMBER_RANGE_MSG;
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (key.includes('\u0000')) return NUL_MSG;
      const found = problem(v, budget);
      if (found) return found;
    }
  }
  return undefined;
}

/** Fastify preHandler: after validation, so coerced query numbers are seen as the handlers would see them. */
export async function inputGuardHook(req: FastifyRequest, reply: FastifyReply) {
  const found = problem(req.query) ?? problem(req.body);
  if (found) return reply.code(400).send(fail(400, found));
}
