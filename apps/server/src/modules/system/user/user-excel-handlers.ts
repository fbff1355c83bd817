/**
 * The users' Excel operations (contract user.yaml `export-template`, `export-user`, `import-user`): the template,
 * the export of what the page lists, and the import that writes each good row through the user module's own
 * write (`submit`: the account's uniqueness, the quota, the password's slow hash) and reports the others.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buttonAllowed } from '../../../auth/button-guard';
import { scopeCache } from '../../../auth/permissions';
import { NO_PERMISSION_MSG, caller } from '../../../crud/index';
import { declaredEntities } from '../../../crud/entities';
import type { Db } from '../../../db/index';
import { dept, dict, post, role, user } from '../../../db/schema';
import { isUploadedFile } from '../../../storage/multipart';
import { BizError, ok } from '../../../util';
import { assertQuota, assertTenant, duplicateMsg, paramOf } from './user-checks';
import { requireAdmin, type UserContext } from './user-context';
import { XLSX_TYPE, readUserSheet, writeUserSheet, type UserSheetRow } from './user-excel';
import {
  SEX_UNKNOWN,
  SEX_UNKNOWN_LABEL,
  duplicateRowMsg,
  hasNul,
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
export const exportTooManyMsg = (max: number) => `导出数据不能超过 ${max} 行,请缩小查询范围`;

/** What the import answers (contract user.yaml `UserImportReport`). */
export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  failed: { row: number; account: string; msg: string }[];
}

/** Dictionary labels by key, per dictionary code (platform-wide rows, docs/platform-contract.md §4 dict). */
async function dictLabels(db: Db, code: string): Promise<Map<number, string>> {
  const rows = await db
    .select({ key: dict.dictKey, value: dict.dictValue })
    .from(dict)
    .where(and(eq(dict.code, code), eq(dict.isDeleted, 0), ne(dict.parentId, 0n)))
    .orderBy(asc(dict.sort), asc(dict.id));
  return new Map(
    rows.filter((r) => /^-?\d+$/.test(r.key)).map((r): [number, string] => [Number(r.key), r.value]),
  );
}

/** `sex` labels, with the unknown value the dictionary does not list. */
async function sexLabels(db: Db): Promise<Map<number, string>> {
  return new Map([...(await dictLabels(db, 'sex')), [SEX_UNKNOWN, SEX_UNKNOWN_LABEL]]);
}

const reverse = (m: ReadonlyMap<number, string>) => new Map([...m].map(([k, v]): [string, number] => [v, k]));

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

function sendXlsx(reply: FastifyReply, filename: string, data: Buffer) {
  return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${filename}"`).send(data);
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
      const edit = manifest().buttons.edit;
      if (covering && !(edit && (await buttonAllowed(db, await scopeCache(db).get(), a, edit))))
        throw new BizError(NO_PERMISSION_MSG, 401);
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
        sexes: reverse(sexes),
        userTypes: reverse(userTypes),
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
      const firstRowOf = new Map<string, number>();
      for (const { row, cells } of rows) {
        const account = cells.account;
        // within the report's lengths (user.yaml UserImportFailure): a cell may hold a name of any length
        const refuse = (msg: string) =>
          report.failed.push({
            row,
            account: [...account].slice(0, 64).join(''),
            msg: [...msg].slice(0, 255).join(''),
          });
        const first = account ? firstRowOf.get(account) : undefined;
        if (first !== undefined) {
          refuse(duplicateRowMsg(first));
          continue;
        }
        if (account) firstRowOf.set(account, row);
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
