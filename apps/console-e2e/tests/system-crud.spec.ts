import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  deriveEntities,
  entityExampleBody,
  type ContractDocument,
  type EntityField,
  type EntityManifestData,
} from '@smart/api-sdk/manifest';
import { api, tokenFor } from './api-helper';
import { loginAsAdmin } from './login-helper';

// Every administration page the contract declares, driven from its declaration as the server's conformance suite
// drives its operations (apps/server/src/test/entity-conformance.ts): the list loads, 新增 adds a row through the
// dialog, the search bar narrows the list to the rows this test wrote, 编辑 changes a field, 查看 shows it, a row's
// 删除 and the toolbar's batch 删除 remove them, each after its confirmation. Pages with special actions also have
// flows of their own (users, roles' grants, menus' scopes, import and export …).

type Json = Record<string, unknown>;
const doc = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../openapi/dist/smart-api.json'), 'utf8'),
) as ContractDocument;
const declared = deriveEntities(doc).entities;

/**
 * The pages, by entity. `apiAdd`: the add dialog asks for what a generic filler cannot pick (trees of menus, roles
 * and departments, a datasource, a release time, an uploaded file); the page's own flow adds through it, this one
 * writes those rows through the API and drives everything else.
 */
const PAGES: { entity: string; apiAdd?: true; search?: string }[] = [
  { entity: 'post' },
  { entity: 'param' },
  { entity: 'dict' },
  { entity: 'dict-biz' },
  { entity: 'topmenu' },
  { entity: 'client' },
  { entity: 'tenant' },
  { entity: 'tenant-package', apiAdd: true },
  { entity: 'sms' },
  { entity: 'oss' },
  { entity: 'notice', apiAdd: true },
  { entity: 'data-scope', apiAdd: true },
  { entity: 'api-scope', apiAdd: true },
  { entity: 'datasource' },
  { entity: 'code', apiAdd: true },
  // (a menu's name is unique within the menus, as its code: the server checks it)
  { entity: 'menu', search: 'alias' },
  { entity: 'dept' },
  { entity: 'role' },
  // (an account is unique, though the contract declares no rule for it: the server checks it)
  { entity: 'user', apiAdd: true, search: 'realName' },
  { entity: 'attach', apiAdd: true },
];

/** The control labelled `label` in `scope`: a required field's label starts with its mark (*). */
const labelled = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^\\*?${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

/** A free text: no choices, no pattern, no format (what a tag may be prepended to). */
const freeText = (f: EntityField) =>
  f.inForm && f.type === 'string' && !f.enum && !f.dict && !f.pattern && !f.format && !f.writeOnly;

/**
 * The field the search narrows by (`named`, else the first fitting): a free-text filter no uniqueness rule covers, so
 * every row may share it.
 */
function sharedFilter(e: EntityManifestData, named?: string) {
  const unique = new Set([...e.unique.flatMap((u) => u.fields), ...(e.key ? [e.key.field] : [])]);
  if (named) return e.filters.find((x) => x.field === named);
  return e.filters.find((x) => {
    const f = e.fields.find((y) => y.name === x.field);
    return f && freeText(f) && !unique.has(f.name) && (x.kind === 'like' || x.kind === 'equal');
  });
}

/** The field 编辑 changes: a free text of the form other than the search's, shown as a text box. */
const editField = (e: EntityManifestData, search: string) =>
  e.fields.find(
    (f) =>
      freeText(f) && f.name !== search && f.label && !e.secrets?.includes(f.name) && f.name !== 'content',
  );

async function submit(request: APIRequestContext, token: string, e: EntityManifestData, body: Json) {
  const path = (e.paths.submit ?? e.paths.save)!.replace(/^\/api\//, '');
  await api(request, token, 'POST', path, body);
}

/** Fills the add dialog from `body`: text boxes get its values, required choices their first option. */
async function fillDialog(page: Page, e: EntityManifestData, body: Json) {
  const dialog = page.getByRole('dialog');
  for (const f of e.fields.filter((x) => x.inForm && x.label)) {
    const control = labelled(dialog, f.label!.zh);
    if ((await control.count()) === 0) {
      if (f.required && f.default === undefined)
        throw new Error(`${e.name}: no control labelled ${f.label!.zh}`);
      continue;
    }
    const kind = await control.first().evaluate((el) => ({
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      type: el.getAttribute('type'),
      filled: el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value !== '' : false,
      chosen: el.getAttribute('role') === 'combobox' ? (el.textContent ?? '').trim() : '',
    }));
    const value = body[f.name];
    if (kind.role === 'combobox' || kind.role === 'switch' || kind.type === 'checkbox') {
      // a choice: the required ones without a preselected value take the first option
      if (kind.role !== 'combobox' || !f.required) continue;
      await control.first().click();
      const options = page.getByRole('option');
      await expect(options.first()).toBeVisible();
      if (kind.chosen && (await options.filter({ hasText: kind.chosen }).count()) > 0) {
        await page.keyboard.press('Escape');
        continue;
      }
      await options.first().click();
    } else if ((kind.tag === 'input' || kind.tag === 'textarea') && value !== undefined && value !== '') {
      await control.first().fill(String(value));
    }
  }
}

// one sign-in for the file: each page's test opens its own context with the session it left (cookies, storage)
let session: Awaited<ReturnType<BrowserContext['storageState']>>;
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  await loginAsAdmin(await context.newPage());
  session = await context.storageState();
  await context.close();
});
// eslint-disable-next-line no-empty-pattern -- a fixture that needs no other fixture
test.use({ storageState: async ({}, use) => use(session) });

for (const { entity, apiAdd, search: named } of PAGES) {
  test(`${entity}: list, add, search, edit, view, delete and batch delete on its page`, async ({
    page,
    request,
  }) => {
    const e = declared.find((x) => x.name === entity);
    expect(e, `${entity} is declared`).toBeDefined();
    if (!e?.menu) throw new Error(`${entity} declares no page`);
    const token = await tokenFor(request, 'admin', 'admin');
    const run = `e${(Date.now() % 36 ** 4).toString(36)}`;
    let n = 0;
    const tag = () => `${run}${(n++).toString(36)}`;

    // four rows sharing the searched text (the first through the dialog unless the page asks for more)
    const search = sharedFilter(e, named);
    // else the first typed filter (a code): it finds one row at a time
    const only = e.filters.find((x) => {
      const f = e.fields.find((y) => y.name === x.field);
      return f?.type === 'string' && !f.dict && !f.enum;
    })!;
    const shared = `${run}共享`;
    const bodies = [0, 1, 2, 3].map(() => {
      const b = entityExampleBody(doc, e, tag);
      if (search) {
        const f = e.fields.find((x) => x.name === search.field)!;
        b[search.field] = shared.slice(0, f.maxLength ?? 64);
      }
      return b;
    });

    await page.goto(e.menu.path);
    await expect(page).toHaveTitle(new RegExp(`^${e.menu.name.zh}-`));
    const table = page.getByTestId('page').getByRole(e.tree ? 'treegrid' : 'table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    if (e.buttons.add && !apiAdd) {
      await page.getByRole('button', { name: '新增', exact: true }).click();
      await expect(page.getByRole('dialog').getByRole('button', { name: /确定|提交|保存/ })).toBeVisible();
      await fillDialog(page, e, bodies[0]!);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /确定|提交|保存/ })
        .click();
      await expect(page.getByText('新增成功').last()).toBeVisible();
      await expect(page.getByRole('dialog')).toBeHidden();
    } else await submit(request, token, e, bodies[0]!);
    for (const b of bodies.slice(1)) await submit(request, token, e, b);

    // the search narrows the list to exactly the four
    const bar = page.getByRole('search');
    const rows = table.locator('tbody tr');
    if (search) {
      const label = e.fields.find((x) => x.name === search.field)!.label!.zh;
      await labelled(bar, label).fill(search.kind === 'like' ? run : shared);
      await bar.getByRole('button', { name: '搜索' }).click();
      await expect(rows).toHaveCount(4);
    } else {
      // no filter every row may share (a client's id is its only one): each row is found by its own value
      await labelled(bar, e.fields.find((x) => x.name === only.field)!.label!.zh).fill(
        String(bodies[1]![only.field]),
      );
      await bar.getByRole('button', { name: '搜索' }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(String(bodies[1]![only.field]));
    }

    // 编辑 changes a free text; 查看 shows the new value, read-only
    const edit = editField(e, search?.field ?? '');
    const first = rows.first();
    if (e.buttons.edit && edit) {
      await first.getByRole('button', { name: '编辑' }).click();
      const dialog = page.getByRole('dialog');
      const box = labelled(dialog, edit.label!.zh);
      const before = await box.inputValue();
      const after = `改${before}`.slice(0, edit.maxLength ?? 64);
      await box.fill(after);
      await dialog.getByRole('button', { name: /确定|提交|保存/ }).click();
      await expect(page.getByText('更新成功').last()).toBeVisible();
      await expect(dialog).toBeHidden();
      if (e.buttons.view) {
        // the edited row, when the list shows the field; the first row holds it otherwise (same order)
        const shown = rows.filter({ hasText: after });
        const target = (await shown.count()) === 1 ? shown : first;
        await target.getByRole('button', { name: '查看' }).click();
        const view = page.getByRole('dialog');
        const field = labelled(view, edit.label!.zh);
        await expect(field).not.toBeEditable();
        if (target === shown) await expect(field).toHaveValue(after);
        else await expect(field).not.toHaveValue('');
        await page.keyboard.press('Escape');
        await expect(view).toBeHidden();
      }
    } else if (e.buttons.view) {
      await first.getByRole('button', { name: '查看' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }

    // a row's 删除, then the toolbar's for the others, each after its question
    const confirm = async () => {
      await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
      await expect(page.getByText('删除成功').last()).toBeVisible();
    };
    await first.getByRole('button', { name: '删除' }).click();
    await confirm();
    if (search) {
      await expect(rows).toHaveCount(3);
      await table.getByRole('checkbox', { name: '全选' }).check();
    } else {
      await expect(table.getByText(String(bodies[1]![only.field]))).toHaveCount(0);
      await bar.getByRole('button', { name: '清空' }).click();
      for (const b of [bodies[0]!, bodies[2]!, bodies[3]!]) {
        const value = String(b[only.field]);
        await rows.filter({ hasText: value }).getByRole('checkbox').check();
      }
    }
    await page.locator('[data-action="batch-delete"]').click();
    await confirm();
    if (search) await expect(table.getByRole('checkbox', { name: '选择此行' })).toHaveCount(0);
    else
      for (const b of [bodies[0]!, bodies[2]!, bodies[3]!])
        await expect(rows.filter({ hasText: String(b[only.field]) })).toHaveCount(0);
  });
}
