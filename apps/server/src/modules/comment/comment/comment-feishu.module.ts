/**
 * Importing comment texts from Feishu (`comment/feiShuImport`, openapi/paths/smart-comment/comment.yaml; the
 * `comment` entity is otherwise served as declared, src/modules/plain-entities.ts): one column of a sheet
 * (`<sheetId>!<col>1:<col>5000`, the first row skipped as a header unless `skipHeader` is false) or one field of a
 * bitable table (every page, at most 5000 records), read through the Feishu adapter (src/engine/feishu), become
 * comments of the group with source 2 (Feishu) and `feishuRef` = `<sheetId>!<row>` or the record_id.
 *
 * Answer patterns.yaml `ImportResult`: empty texts and texts over 255 characters are `invalid` (the first 100 listed
 * with the sheet row, or the record's position, and the reason); a text whose reference or whose wording the group
 * already has, or an earlier row of the import has, is `duplicated` — so importing the same document again inserts
 * nothing. Trailing empty rows of a sheet are its unused grid, not rows. Feishu is read before anything is written: a
 * Feishu error answers 400 with its message and inserts nothing. The inserts and the group's comment count are one
 * transaction, serialised per tenant (an advisory lock), so two imports into one group do not both insert a text.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../../../auth/tokens';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { comment, commentGroup } from '../../../db/schema';
import { cellText, columnIndex, feishuOf, viaFeishu, type FeishuClient } from '../../../engine/feishu/index';
import { BizError, nextId, ok, parseId } from '../../../util';
import { firstDept, importTally, selectInChunks, type ImportResult } from '../../platform-shared/import-rows';

/** Rows (sheet) or records (bitable) read at most per import. */
export const IMPORT_MAX_ROWS = 5000;
/** The column's length (schema-comment.ts `content`), in characters as PostgreSQL counts them. */
const MAX_CONTENT = 255;
/** Advisory lock of the comment imports (the lock keys of the other imports: 86000501-86000505). */
const IMPORT_LOCK = 86000506;
const CHUNK = 500;

export const NO_GROUP_MSG = '评论分组不存在';
export const BAD_COLUMN_MSG = '内容列格式不正确';
export const EMPTY_TEXT_MSG = '评论内容为空';
export const LONG_TEXT_MSG = `评论内容超过${MAX_CONTENT}个字符`;

interface ImportBody {
  groupId: string;
  sourceType: 'sheet' | 'bitable';
  token: string;
  sheetId: string;
  column?: string;
  skipHeader?: boolean;
}

/** One row read: its position for the error list, its Feishu reference, its text (trimmed). */
interface SourceRow {
  row: number;
  ref: string;
  text: string;
}

async function readSheet(client: FeishuClient, b: ImportBody): Promise<SourceRow[]> {
  const col = (b.column ?? 'A').trim().toUpperCase();
  if (!columnIndex(col)) throw new BizError(BAD_COLUMN_MSG);
  const values = await client.readValues(b.token, `${b.sheetId}!${col}1:${col}${IMPORT_MAX_ROWS}`);
  const rows = values.map((cells, i) => ({
    row: i + 1,
    ref: `${b.sheetId}!${i + 1}`,
    text: cellText(cells[0]).trim(),
  }));
  while (rows.length > 0 && rows[rows.length - 1]!.text === '') rows.pop();
  return b.skipHeader === false ? rows : rows.slice(1);
}

async function readBitable(client: FeishuClient, b: ImportBody): Promise<SourceRow[]> {
  const field = (b.column ?? 'A').trim();
  if (!field) throw new BizError(BAD_COLUMN_MSG);
  const records = await client.listRecords(b.token, b.sheetId, IMPORT_MAX_ROWS);
  return records.map((r, i) => ({ row: i + 1, ref: r.recordId, text: cellText(r.fields[field]).trim() }));
}

/** The live group of the caller's tenant, with its owner; 400 when there is none. */
async function groupOf(db: Db, tenantId: string, groupId: string) {
  const id = parseId(groupId);
  const [g] = id
    ? await db
        .select({ id: commentGroup.id, ydUserId: commentGroup.ydUserId })
        .from(commentGroup)
        .where(
          and(eq(commentGroup.tenantId, tenantId), eq(commentGroup.id, id), eq(commentGroup.isDeleted, 0)),
        )
        .limit(1)
    : [];
  if (!g) throw new BizError(NO_GROUP_MSG);
  return g;
}

async function insertRows(
  db: Db,
  a: TokenClaims,
  groupId: string,
  source: SourceRow[],
): Promise<ImportResult> {
  const { result, refuse } = importTally(source.length);
  const c = comment;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, hashtext(${a.tenant_id}))`);
    // read again under the lock: the group may have gone while Feishu was read
    const group = await groupOf(tx, a.tenant_id, groupId);
    const live = and(eq(c.tenantId, a.tenant_id), eq(c.groupId, group.id), eq(c.isDeleted, 0));
    const valid = source.filter((r) => r.text !== '' && [...r.text].length <= MAX_CONTENT);
    const refs = new Set(
      (
        await selectInChunks(
          valid.map((r) => r.ref),
          (chunk) =>
            tx
              .select({ v: c.feishuRef })
              .from(c)
              .where(and(live, inArray(c.feishuRef, chunk))),
        )
      ).map((r) => r.v),
    );
    const texts = new Set(
      (
        await selectInChunks(
          valid.map((r) => r.text),
          (chunk) =>
            tx
              .select({ v: c.content })
              .from(c)
              .where(and(live, inArray(c.content, chunk))),
        )
      ).map((r) => r.v),
    );
    const now = new Date();
    const userId = parseId(a.user_id) ?? null;
    const inserts: (typeof c.$inferInsert)[] = [];
    for (const r of source) {
      if (r.text === '') refuse(r.row, EMPTY_TEXT_MSG);
      else if ([...r.text].length > MAX_CONTENT) refuse(r.row, LONG_TEXT_MSG);
      else if (refs.has(r.ref) || texts.has(r.text)) result.duplicated += 1;
      else {
        refs.add(r.ref);
        texts.add(r.text);
        inserts.push({
          id: nextId(),
          tenantId: a.tenant_id,
          // the group's customer owns its comments; a tenant-shared group's are shared too
          ydUserId: group.ydUserId,
          groupId: group.id,
          content: r.text,
          source: 2,
          feishuRef: r.ref,
          sort: 0,
          createUser: userId,
          createDept: firstDept(a.dept_id),
          createTime: now,
          updateUser: userId,
          updateTime: now,
          status: 1,
          isDeleted: 0,
        });
      }
    }
    for (let i = 0; i < inserts.length; i += CHUNK) await tx.insert(c).values(inserts.slice(i, i + CHUNK));
    result.inserted = inserts.length;
    if (inserts.length > 0)
      await tx
        .update(commentGroup)
        .set({ commentCount: sql`(select count(*) from ${c} where ${live})` })
        .where(eq(commentGroup.id, group.id));
  });
  return result;
}

export function commentFeishuModule(db: Db) {
  return {
    async commentFeiShuImport(req: FastifyRequest) {
      const a = caller(req);
      const b = req.body as ImportBody;
      // an unknown group (another tenant's included) is refused before Feishu is asked anything
      await groupOf(db, a.tenant_id, b.groupId);
      const { client } = feishuOf(req);
      const rows = await viaFeishu(() =>
        b.sourceType === 'bitable' ? readBitable(client, b) : readSheet(client, b),
      );
      return ok(await insertRows(db, a, b.groupId, rows));
    },
  };
}
