import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dict } from './db/schema';
import { dicts, dictsV2 } from './db/seed-data';
import {
  CONTRACT_DICT_BASE,
  contractDictEn,
  contractDictEnNames,
  contractDicts,
  contractDictsStep,
} from './db/seed-dicts';
import { loadSpec } from './spec';
import { expectContract } from './test/contract';
import { authHeaders, backends, login, startTestServer, type TestServer } from './test/harness';
import { nextId } from './util';

interface DictField {
  pointer: string;
  keys: string[];
}

/** Every schema in the bundled contract carrying `x-dict`, with its enum values as dictKeys. */
function contractDictFields(): Map<string, DictField[]> {
  const out = new Map<string, DictField[]>();
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${pointer}/${i}`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    const code = o['x-dict'];
    if (typeof code === 'string') {
      const items = o.items as Record<string, unknown> | undefined;
      const values = (o.enum ?? items?.enum ?? []) as unknown[];
      const list = out.get(code) ?? [];
      list.push({ pointer, keys: values.map(String) });
      out.set(code, list);
    }
    for (const [k, v] of Object.entries(o)) walk(v, `${pointer}/${k}`);
  };
  walk(loadSpec(), '#');
  return out;
}

/**
 * Enum values that get no item: the empty string ("not set"), and -1 (sex "unknown", pay_status "no attempt yet"),
 * which cannot be an item key because the header row of every dictionary holds dictKey -1 and (code, dictKey) is
 * unique.
 */
const unlabelled = (key: string) => key === '' || key === '-1';

const FIELDS = contractDictFields();

describe('contract dictionaries: data', () => {
  it('the contract references dictionaries, including the ones of this seed', () => {
    expect(FIELDS.size).toBeGreaterThan(40);
    for (const d of contractDicts) expect(FIELDS.has(d.code), d.code).toBe(true);
  });

  it('fixed ids are unique and apart from the other dictionary seeds; codes are new', () => {
    const ids = contractDicts.flatMap((d) => [d.id, ...d.items.map((_, j) => d.id + BigInt(j + 1))]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id >= CONTRACT_DICT_BASE && id < CONTRACT_DICT_BASE + 1000000n).toBe(true);
    for (const d of contractDicts) expect(d.items.length).toBeLessThan(1000);
    const older = new Set([...dicts, ...dictsV2].map((d) => d.code));
    for (const d of contractDicts) expect(older.has(d.code), d.code).toBe(false);
    expect(new Set(contractDicts.map((d) => d.code)).size).toBe(contractDicts.length);
  });

  it('every item has an English label, kept out of the seeded rows', () => {
    for (const d of contractDicts) {
      expect(contractDictEnNames[d.code], d.code).toMatch(/^[A-Z]/);
      const en = contractDictEn[d.code] ?? {};
      expect(Object.keys(en)).toEqual(d.items.map(([k]) => k));
      for (const [key, label, remark] of d.items) {
        expect(en[key], `${d.code}.${key}`).toBeTruthy();
        expect(label).toMatch(/\S/);
        expect(key).not.toBe('-1');
        expect(remark).toBeUndefined();
      }
    }
  });
});

describe.each(backends)('contract dictionaries on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = (await login(s.app, '000000')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const liveRows = () => s.handle.db.select().from(dict).where(eq(dict.isDeleted, 0));

  it("answers the English labels of seeded items with lang=en, and an operator's own wording as stored", async () => {
    const items = async (code: string, lang?: string) => {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/smart-system/dict/dictionary?code=${code}${lang ? `&lang=${lang}` : ''}`,
        headers: authHeaders(token),
      });
      const body = expectContract<{ data: { dictKey: string; dictValue: string }[] }>(res, 'dictDictionary');
      return Object.fromEntries(body.data.map((i) => [i.dictKey, i.dictValue]));
    };
    expect(await items('grant_type')).toMatchObject({ 1: '算力', 3: '服务天数' });
    expect(await items('grant_type', 'zh')).toMatchObject({ 1: '算力' });
    expect(await items('grant_type', 'en')).toMatchObject({ 1: 'Compute power', 3: 'Service days' });
    expect(await items('sex', 'en')).toMatchObject({ 1: 'Male', 2: 'Female' });
    // every seeded item of every dictionary the contract names has an English label
    const untranslated: string[] = [];
    for (const code of FIELDS.keys()) {
      const zh = await items(code);
      const en = await items(code, 'en');
      for (const [key, label] of Object.entries(en))
        if (/[\u4e00-\u9fff]/.test(label) && label === zh[key]) untranslated.push(`${code}.${key}: ${label}`);
    }
    expect(untranslated).toEqual([]);
    // renamed by an operator: their wording stays, in either language
    await s.handle.db
      .update(dict)
      .set({ dictValue: '赠送算力' })
      .where(and(eq(dict.code, 'grant_type'), eq(dict.dictKey, '1')));
    expect(await items('grant_type', 'en')).toMatchObject({ 1: '赠送算力', 2: 'Balance' });
    await s.handle.db
      .update(dict)
      .set({ dictValue: '算力' })
      .where(and(eq(dict.code, 'grant_type'), eq(dict.dictKey, '1')));
    expect(
      (
        await s.app.inject({
          method: 'GET',
          url: '/api/smart-system/dict/dictionary?code=sex&lang=fr',
          headers: authHeaders(token),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('every x-dict code of the contract has a seeded dictionary with items', async () => {
    const rows = await liveRows();
    const headers = new Set(rows.filter((r) => r.parentId === 0n).map((r) => r.code));
    const withItems = new Set(rows.filter((r) => r.parentId !== 0n).map((r) => r.code));
    const missing = [...FIELDS.keys()].filter((code) => !headers.has(code) || !withItems.has(code));
    expect(missing).toEqual([]);
  });

  it('every enum value of every x-dict field has an item (the empty string excepted)', async () => {
    const rows = await liveRows();
    const keys = new Map<string, Set<string>>();
    for (const r of rows.filter((x) => x.parentId !== 0n)) {
      keys.set(r.code, (keys.get(r.code) ?? new Set()).add(r.dictKey));
    }
    const missing: string[] = [];
    for (const [code, fields] of FIELDS) {
      for (const f of fields) {
        for (const key of f.keys) {
          if (!unlabelled(key) && !keys.get(code)?.has(key)) missing.push(`${code}:${key} (${f.pointer})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('items hang under their header, keys in declaration order, no English in the rows', async () => {
    const rows = await liveRows();
    for (const d of contractDicts) {
      const own = rows.filter((r) => r.code === d.code);
      const header = own.find((r) => r.parentId === 0n);
      expect(header, d.code).toMatchObject({ id: d.id, dictKey: '-1', dictValue: d.name, remark: '' });
      const items = own.filter((r) => r.parentId !== 0n).sort((a, b) => a.sort - b.sort);
      expect(items.map((r) => [r.parentId, r.dictKey, r.dictValue, r.remark])).toEqual(
        d.items.map(([k, v]) => [d.id, k, v, '']),
      );
    }
  });

  it.each([
    [
      'order_status',
      [
        ['0', '待支付'],
        ['1', '已支付'],
        ['2', '已完成'],
        ['3', '已关闭'],
        ['4', '退款中'],
        ['5', '已退款'],
      ],
    ],
    [
      'pay_status',
      [
        ['0', '待支付'],
        ['1', '支付成功'],
        ['2', '已关闭'],
        ['3', '支付失败'],
        ['4', '已退款'],
      ],
    ],
    [
      'platform',
      [
        ['dy', '抖音'],
        ['xhs', '小红书'],
        ['sph', '视频号'],
        ['mj', 'Midjourney'],
      ],
    ],
    [
      'scheduler_job_status',
      [
        ['0', '正常'],
        ['1', '暂停'],
      ],
    ],
    [
      'yd_account_type',
      [
        ['basic', '基础版'],
        ['senior', '高级版'],
      ],
    ],
  ])('GET dict/dictionary?code=%s answers the items in order', async (code, expected) => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/smart-system/dict/dictionary?code=${code}`,
      headers: authHeaders(token),
    });
    expect(res.statusCode).toBe(200);
    const body = expectContract<{
      success: boolean;
      data: { code: string; dictKey: string; dictValue: string; parentId: string }[];
    }>(res, 'dictDictionary');
    expect(body.success).toBe(true);
    expect(body.data.map((d) => [d.dictKey, d.dictValue])).toEqual(expected);
    const header = contractDicts.find((d) => d.code === code);
    for (const item of body.data) expect(item).toMatchObject({ code, parentId: String(header?.id) });
  });

  it('an upgraded database gets the items appended to one of ours, not the ones an operator removed', async () => {
    const db = s.handle.db;
    const header = contractDicts.find((d) => d.code === 'power_biz_type')!;
    const keysOf = async () =>
      (
        await db
          .select({ key: dict.dictKey })
          .from(dict)
          .where(and(eq(dict.parentId, header.id), eq(dict.isDeleted, 0)))
      ).map((r) => r.key);
    // as a database seeded before the browse types of Xiaohongshu and Channels were declared
    await db.delete(dict).where(and(eq(dict.parentId, header.id), eq(dict.dictKey, 'SPH_BROWSE_RUN')));
    await db.delete(dict).where(and(eq(dict.parentId, header.id), eq(dict.dictKey, 'XSH_BROWSE_RUN')));
    // and an item its operator removed
    await db
      .update(dict)
      .set({ isDeleted: 1 })
      .where(and(eq(dict.parentId, header.id), eq(dict.dictKey, 'REFERRAL')));
    await contractDictsStep.run(db);
    const keys = await keysOf();
    expect(keys).toEqual(expect.arrayContaining(['XSH_BROWSE_RUN', 'SPH_BROWSE_RUN']));
    expect(keys).not.toContain('REFERRAL');
    await db
      .update(dict)
      .set({ isDeleted: 0 })
      .where(and(eq(dict.parentId, header.id), eq(dict.dictKey, 'REFERRAL')));
  });

  it('re-running the step adds nothing; an operator dictionary holding a code wins', async () => {
    const db = s.handle.db;
    const before = (await liveRows()).length;
    await contractDictsStep.run(db);
    expect((await liveRows()).length).toBe(before);

    // the operator replaced ai_provider by their own dictionary: the step must not add ours back into it
    await db.delete(dict).where(eq(dict.code, 'ai_provider'));
    const headerId = nextId();
    await db.insert(dict).values([
      { id: headerId, parentId: 0n, code: 'ai_provider', dictKey: '-1', dictValue: '模型厂商' },
      { id: nextId(), parentId: headerId, code: 'ai_provider', dictKey: 'openai', dictValue: 'OpenAI 官方' },
    ]);
    await contractDictsStep.run(db);
    const rows = await db
      .select()
      .from(dict)
      .where(and(eq(dict.code, 'ai_provider'), eq(dict.isDeleted, 0)));
    expect(rows.map((r) => [r.dictKey, r.dictValue]).sort()).toEqual([
      ['-1', '模型厂商'],
      ['openai', 'OpenAI 官方'],
    ]);
  });
});
