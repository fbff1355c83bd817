/**
 * The words of a prompt (docs/automation-domain.md §1.5): each expansion of the phrase names business-dictionary
 * nodes (`dictbiz_id`, a comma list); the leaf keys under those nodes are its pool, and between `min_num` and
 * `max_num` of them are drawn at random (clamped to the pool's size). The words of all pools, comma-joined, are what
 * the model is asked to turn into a prompt.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/index';
import { dictBiz, mjPhraseExpand } from '../../../db/schema';

/** A dictionary is a shallow tree; deeper than this is a cycle an operator made, not a pool. */
const MAX_DEPTH = 8;

export interface PoolDraw {
  expandId: bigint;
  pool: number;
  words: string[];
}

/** The leaf keys under the given nodes of the tenant's business dictionary (a node without children is a word). */
export async function poolWords(db: Db, tenantId: string, nodeIds: readonly bigint[]): Promise<string[]> {
  const live = (ids: bigint[]) =>
    and(eq(dictBiz.tenantId, tenantId), eq(dictBiz.isDeleted, 0), inArray(dictBiz.id, ids));
  const words = new Set<string>();
  const seen = new Set<bigint>();
  let level = await db
    .select({ id: dictBiz.id, key: dictBiz.dictKey })
    .from(dictBiz)
    .where(live([...nodeIds]));
  for (let depth = 0; level.length > 0 && depth < MAX_DEPTH; depth++) {
    const ids = level.map((n) => n.id).filter((id) => !seen.has(id));
    ids.forEach((id) => seen.add(id));
    if (ids.length === 0) break;
    const children = await db
      .select({ id: dictBiz.id, key: dictBiz.dictKey, parentId: dictBiz.parentId })
      .from(dictBiz)
      .where(and(eq(dictBiz.tenantId, tenantId), eq(dictBiz.isDeleted, 0), inArray(dictBiz.parentId, ids)));
    const parents = new Set(children.map((c) => c.parentId));
    for (const n of level) {
      // a header's key is -1 (the Blade convention), never a word
      if (!parents.has(n.id) && n.key.trim() !== '' && n.key !== '-1') words.add(n.key.trim());
    }
    level = children;
  }
  return [...words];
}

/** `count` distinct words of `pool`, in random order (a partial Fisher–Yates shuffle on a copy). */
export function drawWords(pool: readonly string[], count: number): string[] {
  const a = [...pool];
  const n = Math.min(Math.max(0, count), a.length);
  for (let i = 0; i < n; i++) {
    const j = i + randomInt(a.length - i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, n);
}

/** Parses a `dictbiz_id` comma list; anything that is not an id is skipped. */
export function nodeIdsOf(list: string): bigint[] {
  return list
    .split(/[,，\s]+/u)
    .filter((s) => /^[0-9]{1,19}$/u.test(s))
    .map((s) => BigInt(s));
}

/** The words drawn from every expansion of the phrase, in the expansions' order (oldest first). */
export async function drawPhraseWords(db: Db, tenantId: string, phraseId: bigint): Promise<PoolDraw[]> {
  const expands = await db
    .select()
    .from(mjPhraseExpand)
    .where(
      and(
        eq(mjPhraseExpand.tenantId, tenantId),
        eq(mjPhraseExpand.phraseId, phraseId),
        eq(mjPhraseExpand.isDeleted, 0),
        eq(mjPhraseExpand.status, 1),
      ),
    )
    .orderBy(mjPhraseExpand.createTime, mjPhraseExpand.id);
  const out: PoolDraw[] = [];
  for (const e of expands) {
    const pool = await poolWords(db, tenantId, nodeIdsOf(e.dictbizId));
    const min = Math.max(0, Math.min(e.minNum, e.maxNum));
    const max = Math.max(e.minNum, e.maxNum);
    const count = min + randomInt(max - min + 1);
    out.push({ expandId: e.id, pool: pool.length, words: drawWords(pool, count) });
  }
  return out;
}
