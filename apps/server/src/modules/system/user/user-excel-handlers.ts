/**
 * The users' Excel operations (contract user.yaml `export-template`, `export-user`, `import-user`): the template,
 * the export of what the page lists, and the import that writes each good row through the user module's own
 * write (`submit`: the account's uniqueness, the quota, the password's slow hash) and reports the others.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { declaredEntities } from '../../../crud/entities';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { dept, post, role, user } from '../../../db/schema';
import {
  FAILURE_KEY_MAX,
  FAILURE_MSG_MAX,
  assertMayCover,
  clip,
  firstRows,
  hasNul,
} from '../../../excel/import-rows';
import { exportTooManyMsg, sendXlsx } from '../../../excel/workbook';
import { dictLabels, labelKeys } from '../../../kernel/dict-labels';
import { isUploadedFile } from '../../../storage/multipart';
import { BizError, ok } from '../../../util';
import { assertQuota, assertTenant, duplicateMsg, paramOf } from './user-checks';
import { requireAdmin, type UserContext } from './user-context';
import { readUserSheet, writeUserSheet, type UserSheetRow } from './user-excel';
import {
  SEX_UNKNOWN,
  SEX_UNKNOWN_LABEL,
  duplicateRowMsg,
  rowToBody,
  type ImportLookups,
  type NameIndex,
} from './user-import';
import { userListFilter, type UserListQuery } from './user-query';
import type { UserVO } from './user-vo';

/** Rows of one import: each new user costs a slow password hash (~50 ms), so a file stays within a request's time. */
export const IMPORT_MAX_ROWS = 1000;
/** Users of one export. */
export const EXPORT_MAX_ROWS = 10000;

/** What the import answers (contract user.yaml `UserImportReport`). */
export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  failed: { row: number; account: string; msg: string }[];
}

/** `sex` labels, with the unknown value the dictionary does not list. */
async function sexLabels(db: Db): Promise<Map<number, string>> {
  return new Map([...(await dictLabels(db, 'sex')), [SEX_UNKNOWN, SEX_UNKNOWN_LABEL]]);
}

/** Names of the tenant's live rows of one table, each with its ids, in the order of their lists (by sort). */
async function nameIndex(db: Db, tenantId: string, kind: 'role' | 'dept' | 'post'): Promise<NameIndex> {
  const rows =
    kind === 'role'
      ? await db
          .select({ id: role.id, name: role.roleName })
          .from(role)
          .where(and(eq(role.tenantId, tenantId), eq(role.isDeleted, 0)))
          .orderBy(asc(role.sort), asc(role.id))
      : kind === 'dept'
        ? await db
            .select({ id: dept.id, name: dept.deptName })
            .from(dept)
            .where(and(eq(dept.tenantId, tenantId), eq(dept.isDeleted, 0)))
            .orderBy(asc(dept.sort), asc(dept.id))
        : await db
            .select({ id: post.id, name: post.postName })
            .from(post)
            .where(and(eq(post.tenantId, tenantId), eq(post.isDeleted, 0)))
            .orderBy(asc(post.sort), asc(post.id));
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const name = r.name.trim();
    out.set(name, [...(out.get(name) ?? []), r.id.toString()]);
  }
  return out;
}

/** A user as a sheet row: the names the page shows, the dictionaries' labels, the birthday's day. */
function toSheetRow(
  v: UserVO,
  sexes: ReadonlyMap<number, string>,
  userTypes: ReadonlyMap<number, string>,
): UserSheetRow {
  return {
    account: v.account,
    name: v.name,
    realName: v.realName,
    email: v.email,
    phone: v.phone,
    sex: sexes.get(v.sex) ?? '',
    birthday: v.birthday.slice(0, 10),
    roles: v.roleName,
    depts: v.deptName,
    posts: v.postName,
    userType: userTypes.get(v.userType) ?? '',
  };
}

/** The example row of the template: names of the caller's tenant, so that it shows how they are written. */
async function exampleRow(db: Db, tenantId: string): Promise<UserSheetRow> {
  const first = async (kind: 'role' | 'dept' | 'post') => [...(await nameIndex(db, tenantId, kind)).keys()];
  const [roles, depts, posts] = await Promise.all([first('role'), first('dept'), first('post')]);
  const [sexes, userTypes] = await Promise.all([sexLabels(db), dictLabels(db, 'user_type')]);
  return {
    account: 'zhangsan',
    name: '张三',
    realName: '张三',
    email: 'zhangsan@example.cn',
    phone: '13800000000',
    sex: sexes.get(1) ?? '',
    birthday: '1990-01-01',
    // the least of the roles (the last listed), not the administrator's
    roles: roles.at(-1) ?? '',
    depts: depts[0] ?? '',
    posts: posts[0] ?? '',
    userType: userTypes.get(1) ?? '',
  };
}

export function userExcelHandlers({ db, m, labelled, inTenant }: UserContext) {
  const manifest = () => declaredEntities().get('user');

  return {
    async userExportTemplate(req: FastifyRequest, reply: FastifyReply) {
      const a = caller(req);
      requireAdmin(a);
      return sendXlsx(reply, 'user-template.xlsx', await writeUserSheet([await exampleRow(db, a.tenant_id)]));
    },

    async userExport(req: FastifyRequest, reply: FastifyReply) {
      const a = caller(req);
      requireAdmin(a);
      // what the page lists for these filters (user-query.ts), all of it at once
      const { ctx, extra, rest } = await userListFilter({ db, inTenant }, a, req.query as UserListQuery);
      const page = await m.page(ctx, { ...rest, current: 1, size: EXPORT_MAX_ROWS }, extra);
      if (page.total > EXPORT_MAX_ROWS) throw new BizError(exportTooManyMsg(EXPORT_MAX_ROWS));
      const [users, sexes, userTypes] = await Promise.all([
        labelled(page.records as UserVO[]),
        sexLabels(db),
        dictLabels(db, 'user_type'),
      ]);
      return sendXlsx(
        reply,
        'users.xlsx',
        await writeUserSheet(users.map((u) => toSheetRow(u, sexes, userTypes))),
      );
    },

    async userImport(req: FastifyRequest) {
      const a = caller(req);
      requireAdmin(a);
      const { file, isCovered } = req.body as { file?: unknown; isCovered?: number };
      if (!isUploadedFile(file)) throw new BizError('请上传文件');
      // the button guard asked for `add` (openapi.yaml user `actions`); covering existing users is an edit too
      const covering = isCovered === 1;
      await assertMayCover(db, a, 'user', covering);
      const rows = await readUserSheet(file.data, IMPORT_MAX_ROWS);

      const tenantId = a.tenant_id;
      const t = await assertTenant(db, tenantId);
      const [roles, depts, posts, sexes, userTypes] = await Promise.all([
        nameIndex(db, tenantId, 'role'),
        nameIndex(db, tenantId, 'dept'),
        nameIndex(db, tenantId, 'post'),
        sexLabels(db),
        dictLabels(db, 'user_type'),
      ]);
      const lookups: ImportLookups = {
        roles,
        depts,
        posts,
        sexes: labelKeys(sexes, 'sex'),
        userTypes: labelKeys(userTypes, 'user_type'),
      };
      // (an account with a NUL is refused by its row's rules; the query could not take it)
      const accounts = [...new Set(rows.map((r) => r.cells.account).filter((c) => c && !hasNul(c)))];
      const existing = new Map(
        accounts.length === 0
          ? []
          : (
              await db
                .select({ id: user.id, account: user.account })
                .from(user)
                .where(and(m.scope(a), inArray(user.account, accounts)))
            ).map((u): [string, bigint] => [u.account, u.id]),
      );
      // new users start with the tenant's initial password, as a reset gives (user.yaml `reset-password`)
      const password = (await paramOf(db, tenantId, 'account.initPassword')) || '123456';
      const fields = manifest().fields;

      const report: ImportReport = { total: rows.length, created: 0, updated: 0, failed: [] };
      const repeats = firstRows();
      for (const { row, cells } of rows) {
        const account = cells.account;
        // within the report's lengths (user.yaml UserImportFailure): a cell may hold a name of any length
        const refuse = (msg: string) =>
          report.failed.push({
            row,
            account: clip(account, FAILURE_KEY_MAX),
            msg: clip(msg, FAILURE_MSG_MAX),
          });
        const first = repeats(account, row);
        if (first !== undefined) {
          refuse(duplicateRowMsg(first));
          continue;
        }
        const outcome = rowToBody(cells, lookups, fields);
        if ('msg' in outcome) {
          refuse(outcome.msg);
          continue;
        }
        const id = existing.get(account);
        if (id !== undefined && !covering) {
          refuse(duplicateMsg(account));
          continue;
        }
        // each row is one write of the user module (one statement): a refused row leaves the others as written
        try {
          if (id !== undefined) {
            await m.submit(a, { ...outcome.body, id: id.toString() }, 'update');
            report.updated++;
          } else {
            await assertQuota(db, t);
            await m.submit(a, { ...outcome.body, password }, 'submit');
            report.created++;
          }
        } catch (e) {
          if (!(e instanceof BizError)) throw e;
          // the partial unique index caught an account created meanwhile (as user-manage.ts `save`)
          refuse(e.message === '数据已存在' ? duplicateMsg(account) : e.message);
        }
      }
      return ok(report);
    },
  };
}
