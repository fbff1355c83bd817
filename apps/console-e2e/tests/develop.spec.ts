import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { axeViolations } from './a11y-helper';
import { loginAsAdmin } from './login-helper';

// The code generator against a real database: a datasource is tested (refused with the reason, or connected), a
// config names a table of it, its files are previewed, the config copied, and the selected configs generated into
// a zip. The machine's PostgreSQL on 127.0.0.1:5432 (trust for `postgres`, as CI starts it) holds the sample table.

// the `postgres` database every cluster has; the sample table is dropped after
const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' };

const reachable = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
    socket.once('timeout', () => (socket.destroy(), done(false)));
  });

async function addDatasource(page: Page, name: string, url: string) {
  await page.goto('/tool/datasource');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByLabel('驱动类').fill('org.postgresql.Driver');
  await dialog.getByLabel('连接地址').fill(url);
  await dialog.getByLabel('用户名').fill('postgres');
  await dialog.getByRole('textbox', { name: '密码' }).fill('not-used-by-trust');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a datasource that does not answer is refused with the reason, the password never shown', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const name = `无人应答${Date.now() % 100000}`;
  await addDatasource(page, name, 'jdbc:postgresql://127.0.0.1:1/none');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: '测试连接' }).click();
  const toast = page.getByText('连接失败').last();
  await expect(toast).toBeVisible();
  await expect(page.locator('body')).not.toContainText('not-used-by-trust');
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功').last()).toBeVisible();
});

test('a table of a real PostgreSQL is generated: tested, previewed, copied, generated into a zip', async ({
  page,
}) => {
  test.skip(!(await reachable(PG.port)), 'no PostgreSQL on 127.0.0.1:5432');
  const stamp = Date.now() % 1_000_000;
  const table = `e2e_gen_item_${stamp}`;
  const client = new pg.Client(PG);
  await client.connect();
  try {
    await client.query(
      `create table ${table} (id bigint primary key, tenant_id varchar(12) not null default '000000',
        title varchar(80) not null, amount numeric(10,2), is_deleted int not null default 0)`,
    );
    await client.query(`comment on column ${table}.title is '标题'`);

    await loginAsAdmin(page);
    const source = `本机PG${stamp}`;
    await addDatasource(page, source, `jdbc:postgresql://${PG.host}:${PG.port}/${PG.database}`);
    const sourceRow = page.getByRole('row', { name: new RegExp(source) });
    await sourceRow.getByRole('button', { name: '测试连接' }).click();
    await expect(page.getByText('连接成功').last()).toBeVisible();

    // a config naming the table, its datasource picked by name
    await page.goto('/tool/code');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /数据源/ }).click();
    await page.getByRole('option', { name: source }).click();
    await dialog.getByLabel('服务名称').fill('smart-demo');
    await dialog.getByLabel('模块名称').fill(`条目${stamp}`);
    await dialog.getByLabel('表名').fill(table);
    await dialog.getByLabel('表前缀').fill('e2e_');
    await dialog.getByLabel('主键名').fill('id');
    await dialog.getByLabel('包名').fill('org.springblade.demo');
    for (const [label, option] of [
      ['基础业务', '是'],
      ['包装器', '否'],
    ] as const) {
      await dialog.getByRole('combobox', { name: new RegExp(label) }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('新增成功').last()).toBeVisible();

    const row = page.getByRole('row', { name: new RegExp(`条目${stamp}`) }).first();
    await row.getByRole('button', { name: '预览' }).click();
    const preview = page.getByRole('dialog', { name: new RegExp(`代码预览 · 条目${stamp}`) });
    await expect(preview.getByRole('tab').first()).toBeVisible();
    const entity = table.replace(/^e2e_/, '');
    await preview
      .getByRole('tab', { name: `${entity}.yaml` })
      .first()
      .click();
    await expect(preview.getByRole('tabpanel')).toContainText('标题');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: '复制' }).click();
    await expect(page.getByText('复制成功').last()).toBeVisible();
    const copies = page.getByRole('row', { name: new RegExp(`条目${stamp}`) });
    await expect(copies).toHaveCount(2);

    // a config and its copy write the same files: the server refuses them together, naming the clash
    const generate = page.locator('[data-action="code-generate"]');
    for (const r of await copies.all()) await r.getByRole('checkbox').check();
    await generate.click();
    await expect(page.getByText(/生成同一文件/).last()).toBeVisible();

    // the original alone: checked by the server, then the zip of its files
    await copies.filter({ hasText: '-copy' }).getByRole('checkbox').uncheck();
    const download = page.waitForEvent('download');
    await generate.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('smart-code.zip');
    const zip = readFileSync((await file.path())!);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.includes(Buffer.from(`openapi/schemas/${entity}.yaml`))).toBe(true);
    await expect(page.getByText(/代码生成成功:1 个配置,\d+ 个文件/).last()).toBeVisible();

    for (const r of await copies.all()) await r.getByRole('checkbox').check();
    await page.locator('[data-action="batch-delete"]:visible').click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await expect(copies).toHaveCount(0);
    await page.goto('/tool/datasource');
    await sourceRow.getByRole('button', { name: '删除' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await expect(sourceRow).toHaveCount(0);
  } finally {
    await client.query(`drop table if exists ${table}`);
    await client.end();
  }
});
