import { describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/index';
import { post } from '../db/schema';
import { loadSpec } from '../spec';
import { defineCrudModule } from './define-module';
import { declaredEntities, entityRegistry } from './entities';

type Json = Record<string, unknown>;

/** The bundled contract with the post tag's declaration changed by `edit`. */
function withPostDeclaration(edit: (decl: Json) => void) {
  const doc = loadSpec();
  const tag = (doc.tags as Json[]).find((t) => t.name === 'post')!;
  edit(tag['x-entity'] as Json);
  return doc;
}

describe('entity registry', () => {
  it('hands out the manifests of the bundled contract by name', () => {
    const post = declaredEntities().get('post');
    expect(post.operations).toMatchObject({ list: 'postList', submit: 'postSubmit', remove: 'postRemove' });
    expect(post.menu?.code).toBe('post');
    expect(() => declaredEntities().get('nope')).toThrow(/declares no entity "nope"/);
  });

  it('refuses a contract whose declarations have errors, naming each', () => {
    const doc = withPostDeclaration((d) => {
      (d.operations as Json).detail = 'postNowhere';
      d.colour = 'red';
    });
    const refuse = () => entityRegistry(doc);
    expect(refuse).toThrow(/entity declarations have 2 error\(s\)/);
    expect(refuse).toThrow(/operations\.detail: no operation postNowhere/);
    expect(refuse).toThrow(/unknown key colour/);
  });
});

describe('defineCrudModule', () => {
  const db = {} as Db; // nothing is queried while a module is defined
  const manifest = () => structuredClone(declaredEntities().get('post'));

  it('binds filters by property and sorts by SQL column name', () => {
    const { spec } = defineCrudModule(db, manifest(), post, { defaultOrder: [asc(post.sort)] });
    expect(spec.filters?.postCode).toEqual({
      column: post.postCode,
      plain: 'equal',
      kinds: ['equal', 'like'],
    });
    expect(spec.sortable?.post_code).toBe(post.postCode);
    expect(spec.dataScope?.code).toBe('post');
    expect(spec.tenantId).toBe(post.tenantId);
    expect(spec.audited).toBe(true);
  });

  it('maps a row to the view: ids as strings, datetimes formatted, extras in contract order', () => {
    const { toVO } = defineCrudModule(db, manifest(), post, {
      defaultOrder: [],
      view: () => ({ categoryName: '高层' }),
    });
    const at = new Date(2026, 0, 2, 3, 4, 5);
    const vo = toVO({
      id: 12n,
      tenantId: '000000',
      category: 1,
      postCode: 'ceo',
      postName: 'CEO',
      sort: 1,
      remark: '',
      createUser: 7n,
      createDept: null,
      createTime: at,
      updateUser: 7n,
      updateTime: at,
      status: 1,
      isDeleted: 0,
    });
    expect(vo).toEqual({
      id: '12',
      tenantId: '000000',
      categoryName: '高层',
      category: 1,
      postCode: 'ceo',
      postName: 'CEO',
      sort: 1,
      remark: '',
      createUser: '7',
      createDept: '',
      createTime: '2026-01-02 03:04:05',
      updateUser: '7',
      updateTime: '2026-01-02 03:04:05',
      status: 1,
      isDeleted: 0,
    });
    expect(Object.keys(vo).slice(0, 3)).toEqual(['id', 'tenantId', 'categoryName']);
  });

  it('refuses a declaration the table cannot serve', () => {
    const m = manifest();
    m.filters.push({ param: 'colour', field: 'colour', kind: 'equal', also: [] });
    expect(() => defineCrudModule(db, m, post, { defaultOrder: [] })).toThrow(/filter colour names colour/);
    const n = manifest();
    n.sorts.push('colour');
    expect(() => defineCrudModule(db, n, post, { defaultOrder: [] })).toThrow(/sort column colour/);
  });

  it('takes optional form fields only when sent', async () => {
    const { spec } = defineCrudModule(db, manifest(), post, { defaultOrder: [] });
    const claims = {} as never;
    const body = { category: 1, postCode: 'c', postName: 'n', sort: 2 };
    expect(await spec.fields(body, undefined, claims)).toEqual(body);
    expect(await spec.fields({ ...body, remark: 'r' }, undefined, claims)).toEqual({ ...body, remark: 'r' });
  });
});
