/** Reading a user's form: the body, the profile columns it sets, and the hash a password travels as. */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { user } from '../../../db/schema';
import { readDateTime } from '../../../kernel/datetime';
import { BizError } from '../../../util';

export type Body = Record<string, unknown>;

/**
 * The md5 hex a login sends as the password (docs/platform-contract.md §2.3): a form's plain password becomes it
 * before the slow hash, so the account can log in.
 */
export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

function parseBirthday(v: unknown): Date | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  // the server's one date reader (src/kernel/datetime.ts): a real date, never rolled over
  const d = typeof v === 'string' ? readDateTime(v, { dateOnly: true }) : undefined;
  if (!d) throw new BizError('生日格式错误');
  return d;
}

/** Profile columns present in the body (absent ones stay as they are). */
export function profileValues(b: Body) {
  const out: Partial<typeof user.$inferInsert> = {};
  if (typeof b.name === 'string') out.name = b.name;
  if (typeof b.realName === 'string') out.realName = b.realName;
  if (typeof b.avatar === 'string') out.avatar = b.avatar;
  if (typeof b.email === 'string') out.email = b.email;
  if (typeof b.phone === 'string') out.phone = b.phone;
  if (typeof b.sex === 'number') out.sex = b.sex;
  const birthday = parseBirthday(b.birthday);
  if (birthday !== undefined) out.birthday = birthday;
  return out;
}

/** The validated JSON body; a request without one (no content type: Fastify skips the schema) is refused. */
export function bodyOf(req: FastifyRequest): Body {
  const b = req.body;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new BizError('参数校验失败');
  return b as Body;
}
