// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveEntities, type ContractDocument } from '../src/manifest/derive';
import { entityCatalogue, paramEntity, postEntity } from '../src/gen/entities';
import { contract, detail, entity, envelopeOf, list, param, type Loose } from './thing-contract';

const bundled = JSON.parse(
  readFileSync(new URL('../../../openapi/dist/smart-api.json', import.meta.url), 'utf8'),
) as ContractDocument;

describe('entity declarations of the contract', () => {
  it('are well formed', () => {
    const { entities, errors } = deriveEntities(bundled);
    expect(errors).toEqual([]);
    expect(entities.map((e) => e.name)).toEqual(expect.arrayContaining(['param', 'post']));
  });

  it('derive the post manifest', () => {
    const post = deriveEntities(bundled).entities.find((e) => e.name === 'post');
    expect(post).toMatchSnapshot();
  });

  it('read an id or empty (anyOf an Id and the empty string) as the id, that also admits the empty string', () => {
    const img = deriveEntities(bundled).entities.find((e) => e.name === 'img');
    const ydUserId = img?.fields.find((f) => f.name === 'ydUserId');
    expect(ydUserId).toMatchObject({
      type: 'string',
      pattern: '^([0-9]{1,20})?$',
      label: { zh: '所属客户' },
    });
    expect(new RegExp(ydUserId!.pattern!).test('')).toBe(true);
  });

  it("keep what the engine records of a run out of every run batch's form (the engine writes it, not a user)", () => {
    const groups = deriveEntities(bundled).entities.filter((e) => e.name.endsWith('_log_group'));
    expect(groups.length).toBeGreaterThanOrEqual(7);
    for (const g of groups) {
      const form = g.fields.filter((f) => f.inForm).map((f) => f.name);
      expect(form, g.name).toEqual(expect.arrayContaining(['taskName', 'arrId', 'triggerType']));
      for (const engine of ['runStatus', 'jobUuid', 'endTime', 'successCount', 'errorMsg', 'pollDeadline'])
        expect(form, `${g.name}.${engine}`).not.toContain(engine);
    }
  });

  it('generate manifests bound to the SDK and the label catalogues', () => {
    expect(postEntity.api.list).toBeTypeOf('function');
    expect(postEntity.operations).toEqual({
      list: 'postList',
      detail: 'postDetail',
      submit: 'postSubmit',
      remove: 'postRemove',
    });
    expect(paramEntity.i18n).toBe('entity.param');
    expect(entityCatalogue.zh.entity.post.postName).toBe('岗位名称');
    expect(entityCatalogue.en.entity.post._rules.postName).toBe('Please enter the name');
    expect(entityCatalogue.zh.entity.param._menu).toBe('参数管理');
  });

  it('narrow ascs and descs of a declared list to its sort columns in the bundle', () => {
    const params = bundled.paths['/api/smart-system/post/list']!.get as {
      parameters: Record<string, unknown>[];
    };
    const ascs = params.parameters.find((p) => p.name === 'ascs') as { schema: { pattern: string } };
    const re = new RegExp(ascs.schema.pattern);
    expect(re.test('post_code')).toBe(true);
    expect(re.test('sort,create_time')).toBe(true);
    expect(re.test('param_key')).toBe(false);
    expect(re.test('post_code;drop')).toBe(false);
  });
});

describe('deriveEntities', () => {
  it('reads a well-formed declaration', () => {
    const { entities, errors } = deriveEntities(contract());
    expect(errors).toEqual([]);
    const [thing] = entities;
    expect(thing?.schema).toBe('Thing');
    expect(thing?.formSchema).toBe('ThingSubmit');
    expect(thing?.fields.map((f) => [f.name, f.inForm, f.required, f.format])).toEqual([
      ['thingName', true, true, undefined],
      ['createTime', false, false, 'date-time'],
    ]);
    expect(thing?.filters).toEqual([
      { param: 'thingName', field: 'thingName', kind: 'like', also: [] },
      { param: 'createTime_dategt', field: 'createTime', kind: 'dategt', also: [] },
    ]);
    expect(thing?.sorts).toEqual(['id', 'thing_name']);
    expect(thing?.unique).toEqual([
      { fields: ['thingName'], message: { zh: '名称已存在', en: 'Name taken' } },
    ]);
  });

  it('keeps read-only properties of the body out of the form', () => {
    const c = contract();
    const fields = (c.components!.schemas!.ThingFields as Loose).properties;
    fields.useCount = { type: 'integer', readOnly: true };
    const [thing] = deriveEntities(c).entities;
    expect(thing?.fields.find((f) => f.name === 'useCount')).toMatchObject({ inForm: false, readOnly: true });
    expect(thing?.fields.find((f) => f.name === 'thingName')?.inForm).toBe(true);
  });

  it('marks write-only properties: in the form, never in an answer', () => {
    const c = contract();
    const fields = (c.components!.schemas!.ThingFields as Loose).properties;
    fields.password = { type: 'string', maxLength: 100, writeOnly: true };
    const [thing] = deriveEntities(c).entities;
    expect(thing?.fields.find((f) => f.name === 'password')).toMatchObject({ inForm: true, writeOnly: true });
    expect(thing?.fields.find((f) => f.name === 'thingName')?.writeOnly).toBeUndefined();
  });

  it('reads a tree: the parent field, and a list answering the forest', () => {
    const c = contract();
    (c.components!.schemas!.ThingFields as Loose).properties.parentId = { type: 'string', maxLength: 20 };
    entity(c).tree = { parent: 'parentId' };
    Object.assign(list(c), envelopeOf({ type: 'array', items: { $ref: '#/components/schemas/Thing' } }));
    const { entities, errors } = deriveEntities(c);
    expect(errors).toEqual([]);
    expect(entities[0]?.tree).toEqual({ parent: 'parentId' });
  });

  it('reads a lazy tree: one level a call, by the parent parameter, which filters nothing', () => {
    const c = contract();
    (c.components!.schemas!.ThingFields as Loose).properties.parentId = { type: 'string', maxLength: 20 };
    entity(c).tree = { parent: 'parentId', lazy: true, root: '0' };
    Object.assign(list(c), envelopeOf({ type: 'array', items: { $ref: '#/components/schemas/Thing' } }));
    list(c).parameters.push({ name: 'parentId', in: 'query' });
    const { entities, errors } = deriveEntities(c);
    expect(errors).toEqual([]);
    expect(entities[0]?.tree).toEqual({ parent: 'parentId', lazy: true, root: '0' });
    expect(entities[0]?.filters.map((f) => f.param)).not.toContain('parentId');
  });

  it('reads the key of rows not named by id from the detail and remove parameters', () => {
    const c = contract();
    expect(deriveEntities(c).entities[0]?.key).toBeUndefined();
    detail(c).parameters = [{ name: 'thingName', in: 'query', required: true }];
    c.paths['/thing/remove'] = {
      post: {
        operationId: 'thingRemove',
        tags: ['thing'],
        parameters: [{ name: 'id', in: 'query', required: true }],
      },
    };
    entity(c).operations.remove = 'thingRemove';
    const { entities, errors } = deriveEntities(c);
    expect(errors).toEqual([]);
    expect(entities[0]?.key).toEqual({ field: 'thingName', detail: 'thingName', remove: 'id', many: false });
  });

  it('derives the region as keyed by code and listed a level at a time from the country', () => {
    const region = deriveEntities(bundled).entities.find((e) => e.name === 'region');
    expect(region?.key).toEqual({ field: 'code', detail: 'code', remove: 'id', many: false });
    expect(region?.tree).toEqual({ parent: 'parentCode', lazy: true, root: '0' });
    expect(region?.filters.map((f) => [f.param, f.kind])).toEqual([
      ['code', 'like'],
      ['name', 'like'],
    ]);
  });

  it('reads the secrets, at the top and one level into an object', () => {
    const c = contract();
    const fields = (c.components!.schemas!.ThingFields as Loose).properties;
    fields.apiKey = { type: 'string', 'x-secret': true };
    fields.mail = { type: 'object', properties: { password: { type: 'string', 'x-secret': true } } };
    expect(deriveEntities(c).entities[0]?.secrets).toEqual(['apiKey', 'mail.password']);
    fields.apiKey = { type: 'integer', 'x-secret': true };
    expect(deriveEntities(c).errors.join('\n')).toContain(
      'Thing.apiKey x-secret: true, on a string property',
    );
  });

  it('reads the columns a list shows first', () => {
    const c = contract();
    entity(c).columns = ['createTime', 'thingName'];
    expect(deriveEntities(c).entities[0]?.columns).toEqual(['createTime', 'thingName']);
  });

  it('leaves out a list parameter the module reads itself (x-filter: false), on any list', () => {
    const c = contract();
    const params = (c.paths['/thing/list']!.get as { parameters: Record<string, unknown>[] }).parameters;
    params.push({ name: 'deptId', in: 'query', 'x-filter': false });
    detail(c).parameters.push({ name: 'tenantId', in: 'query', 'x-filter': false });
    const { entities, errors } = deriveEntities(c);
    expect(errors).toEqual([]);
    expect(entities[0]?.filters.map((f) => f.param)).toEqual(['thingName', 'createTime_dategt']);
  });

  it('reads the further writes of an entity and the button each needs', () => {
    const c = contract();
    c.paths['/thing/import'] = { post: { operationId: 'thingImport', tags: ['thing'] } };
    entity(c).actions = { thingImport: 'add' };
    expect(deriveEntities(c).entities[0]?.actions).toEqual({ thingImport: 'add' });
  });

  it('reads writes of the same rows under a second tag (alsoTags), a submit among them', () => {
    const c = contract();
    c.tags.push({ name: 'thing_mirror' });
    c.paths['/mirror/submit'] = { post: { operationId: 'mirrorSubmit', tags: ['thing_mirror'] } };
    entity(c).buttons = { add: 'thing_add', edit: 'thing_edit' };
    entity(c).alsoTags = ['thing_mirror'];
    entity(c).actions = { mirrorSubmit: 'submit' };
    const d = deriveEntities(c);
    expect(d.errors).toEqual([]);
    expect(d.entities[0]?.actions).toEqual({ mirrorSubmit: 'submit' });
  });

  const broken: [string, (c: ReturnType<typeof contract>) => void, string][] = [
    [
      'an action of no operation',
      (c) => (entity(c).actions = { thingGone: 'add' }),
      'actions.thingGone: no such',
    ],
    [
      'an action that is a CRUD operation',
      (c) => (entity(c).actions = { thingSubmit: 'add' }),
      "actions.thingSubmit: already one of the entity's operations",
    ],
    [
      'an action of another tag',
      (c) => {
        c.paths['/other/x'] = { post: { operationId: 'otherX', tags: ['other'] } };
        entity(c).actions = { otherX: 'add' };
      },
      'actions.otherX: not tagged thing',
    ],
    [
      'an action needing a button the entity lacks',
      (c) => {
        c.paths['/thing/enable'] = { post: { operationId: 'thingEnable', tags: ['thing'] } };
        entity(c).actions = { thingEnable: 'edit' };
      },
      'actions.thingEnable: the entity declares no edit button',
    ],
    [
      'an action of an unknown kind',
      (c) => {
        c.paths['/thing/enable'] = { post: { operationId: 'thingEnable', tags: ['thing'] } };
        entity(c).actions = { thingEnable: 'view' };
      },
      'actions.thingEnable: add, edit, delete or submit',
    ],
    [
      'a submit action without both buttons',
      (c) => {
        c.paths['/thing/copy'] = { post: { operationId: 'thingCopy', tags: ['thing'] } };
        entity(c).actions = { thingCopy: 'submit' };
      },
      'actions.thingCopy: the entity declares no add and edit buttons',
    ],
    ['a second tag the contract lacks', (c) => (entity(c).alsoTags = ['ghost']), 'alsoTags: no tag ghost'],
    [
      'a second tag that is an entity of its own',
      (c) => {
        c.tags.push({ name: 'other', 'x-entity': {} });
        entity(c).alsoTags = ['other'];
      },
      'alsoTags: other declares an entity of its own',
    ],
    [
      'a column the view lacks',
      (c) => (entity(c).columns = ['colour']),
      'columns: a list of fields of Thing (not: colour)',
    ],
    [
      'a tree whose parent is not a form field',
      (c) => (entity(c).tree = { parent: 'colour' }),
      'tree.parent: must name a field of the form',
    ],
    [
      'a tree whose list answers a page',
      (c) => (entity(c).tree = { parent: 'thingName' }),
      'tree: the list thingList must answer an array (a forest), not a page',
    ],
    [
      'a lazy tree whose list takes no parent parameter',
      (c) => {
        (c.components!.schemas!.ThingFields as Loose).properties.parentId = { type: 'string' };
        Object.assign(list(c), envelopeOf({ type: 'array', items: { $ref: '#/components/schemas/Thing' } }));
        entity(c).tree = { parent: 'parentId', lazy: true };
      },
      'tree: a lazy list thingList takes the parent',
    ],
    [
      'a detail called with something that is no field',
      (c) => (detail(c).parameters = [{ name: 'colour', in: 'query', required: true }]),
      'the detail thingDetail is called with colour, which is no field of the entity',
    ],
    [
      'a detail with two required parameters',
      (c) => detail(c).parameters.push({ name: 'thingName', in: 'query', required: true }),
      'the detail thingDetail must take exactly one required query parameter, the key',
    ],
    ['an unknown operation', (c) => (entity(c).operations.remove = 'thingGone'), 'no operation thingGone'],
    ['an unknown role', (c) => (entity(c).operations.erase = 'thingSubmit'), 'unknown role erase'],
    ['a filter of a missing field', (c) => (param(c, 1).name = 'colour'), 'filters colour'],
    ['an unknown filter kind', (c) => (param(c, 1)['x-filter'] = 'fuzzy'), 'x-filter must be a filter kind'],
    ['a list parameter without x-filter', (c) => delete param(c, 1)['x-filter'], 'x-filter must be'],
    [
      'a suffix that disagrees',
      (c) => (param(c, 2)['x-filter'] = 'datelt'),
      'a _dategt parameter filters by dategt',
    ],
    ['a sort on a missing column', (c) => list(c)['x-sort'].push('colour'), 'x-sort: Thing has no colour'],
    ['a button of another page', (c) => (entity(c).buttons.add = 'other_add'), 'other_add is not thing_add'],
    ['a button of another kind', (c) => (entity(c).buttons.add = 'thing_edit'), 'a code ending in _add'],
    ['a menu without its path', (c) => delete entity(c).menu.path, 'menu: needs path'],
    ['an unknown key', (c) => (entity(c).colour = 'red'), 'unknown key colour'],
    [
      'a unique key outside the form',
      (c) => (entity(c).unique = [{ fields: ['createTime'], message: { zh: '重复', en: 'Taken' } }]),
      'unique[0]: needs fields of the form and a zh/en message (not in the form: createTime)',
    ],
    [
      'a unique key without its message',
      (c) => (entity(c).unique = [{ fields: ['thingName'] }]),
      'unique[0]: needs fields of the form and a zh/en message',
    ],
    [
      'x-sort outside a declared list',
      (c) => ((c.paths['/thing/detail']!.get as Record<string, unknown>)['x-sort'] = ['id']),
      'thingDetail x-sort: not the list of a declared entity',
    ],
  ];
  it.each(broken)('reports %s', (_what, breakIt, message) => {
    const c = contract();
    breakIt(c);
    const { errors } = deriveEntities(c);
    expect(errors.join('\n')).toContain(message);
  });
});
