/**
 * The labels of a system dictionary's numeric keys (platform-wide rows, docs/platform-contract.md §4 dict): what an
 * Excel sheet writes in place of a coded value, and reads back (src/excel, the users' and regions' imports).
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/index';
import { dictLabel } from '../db/seed-dicts-en';
import { dict } from '../db/schema';

/** Label by key of the dictionary `code`'s live items, in the order of its list (by sort). */
export async function dictLabels(db: Db, code: string): Promise<Map<number, string>> {
  const rows = await db
    .select({ key: dict.dictKey, value: dict.dictValue })
    .from(dict)
    .where(and(eq(dict.code, code), eq(dict.isDeleted, 0), ne(dict.parentId, 0n)))
    .orderBy(asc(dict.sort), asc(dict.id));
  return new Map(
    rows.filter((r) => /^-?\d+$/.test(r.key)).map((r): [number, string] => [Number(r.key), r.value]),
  );
}

/**
 * Key by label: how a sheet's label is read back (the first key of a label listed twice wins). With the dictionary's
 * `code`, an item still labelled as seeded is also read by its English label (src/db/seed-dicts-en.ts), so a template
 * filled in by an English-speaking operator reads back too.
 */
export function labelKeys(labels: ReadonlyMap<number, string>, code?: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of labels) if (!out.has(v)) out.set(v, k);
  if (code === undefined) return out;
  for (const [k, v] of labels) {
    const en = dictLabel(code, String(k), v, 'en');
    if (!out.has(en)) out.set(en, k);
  }
  return out;
}
