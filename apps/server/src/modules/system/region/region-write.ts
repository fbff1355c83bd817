/**
 * The one write of a region (contract region.yaml `submit`), shared by `submit` and the Excel import
 * (`import-region`, which writes each row "as `submit` writes one"): the parent checks, the derived ancestors and
 * level code/name pairs (src/db/region-derive.ts), then the row keyed by its code.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/index';
import { deriveRegion } from '../../../db/region-derive';
import { region } from '../../../db/schema';
import { BizError } from '../../../util';

export type RegionRow = typeof region.$inferSelect;

export const SELF_PARENT_MSG = '上级区划不能为自身';
export const PARENT_MISSING_MSG = '上级区划不存在';
export const DESCENDANT_PARENT_MSG = '上级区划不能为自身的下级';
/** A new code only (`onlyNew`) that another write stored first. */
export const regionExistsMsg = (code: string) => `区划编号已存在: ${code}`;

/** The form of a region (contract region.yaml `RegionFields`), as `submit` receives it after validation. */
export interface RegionInput {
  code: string;
  parentCode: string;
  name: string;
  regionLevel: number;
  sort?: number | undefined;
  remark?: string | undefined;
}

export async function findRegion(db: Db, code: string | undefined): Promise<RegionRow | undefined> {
  if (!code) return undefined;
  const [row] = await db.select().from(region).where(eq(region.code, code)).limit(1);
  return row;
}

/**
 * Writes one region: a known code updates it (every column `submit` sends; an absent sort or remark stays), a new
 * one inserts it under its parent, which must exist (`0`: a root, the country). With `onlyNew` a known code is
 * refused (`区划编号已存在`), also when it was stored between the caller's check and this write.
 */
export async function writeRegion(db: Db, b: RegionInput, opts: { onlyNew?: boolean } = {}): Promise<void> {
  if (b.parentCode === b.code) throw new BizError(SELF_PARENT_MSG);
  const parent = await findRegion(db, b.parentCode);
  if (!parent && b.parentCode !== '0') throw new BizError(PARENT_MISSING_MSG);
  if (parent?.ancestors.split(',').includes(b.code)) throw new BizError(DESCENDANT_PARENT_MSG);
  const derived = deriveRegion(parent, b.code, b.parentCode, b.name, b.regionLevel);
  const values = {
    ...derived,
    ...(b.sort !== undefined ? { sort: b.sort } : {}),
    ...(b.remark !== undefined ? { remark: b.remark } : {}),
  };
  if (opts.onlyNew) {
    const inserted = await db
      .insert(region)
      .values(values)
      .onConflictDoNothing({ target: region.code })
      .returning({ code: region.code });
    if (inserted.length === 0) throw new BizError(regionExistsMsg(b.code));
    return;
  }
  await db.insert(region).values(values).onConflictDoUpdate({ target: region.code, set: values });
}
