// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveEntities, type ContractDocument } from '../src/manifest/derive';
import { contract, entity, type Loose } from './thing-contract';

const bundled = JSON.parse(
  readFileSync(new URL('../../../openapi/dist/smart-api.json', import.meta.url), 'utf8'),
) as ContractDocument;

describe('refs of the contract', () => {
  it('link the fields holding ids of other rows to those rows (x-entity.refs)', () => {
    const all = deriveEntities(bundled).entities;
    const ref = (entity: string, field: string) =>
      all.find((e) => e.name === entity)?.fields.find((f) => f.name === field)?.ref;
    expect(ref('dy_comm', 'arrIds')).toEqual({
      entity: 'dy_comm_arr',
      label: 'arrName',
      multiple: true,
      list: '/api/smart-dyComm/dy_comm_arr/list',
    });
    expect(ref('dy_comm', 'aiConfigId')).toMatchObject({
      entity: 'ai_config',
      label: 'configName',
      multiple: false,
    });
    const declared: [string, string, string][] = [
      ['dy_comm_arr', 'commId', 'dy_comm'],
      ['dy_comm_url', 'commId', 'dy_comm'],
      ['dy_browse', 'arrIds', 'dy_arr'],
      ['dy_comm_log_group', 'arrId', 'dy_comm_arr'],
      ['dy_browe_log_group', 'browseId', 'dy_browse'],
      ['xsh_comm', 'arrIds', 'xsh_comm_arr'],
      ['xhs_comm_comment', 'commId', 'xsh_comm'],
      ['sph_browse_log', 'arrId', 'sph_arr'],
      ['dy_live', 'arrIds', 'dy_live_arr'],
      ['dy_live_arr', 'liveId', 'dy_live'],
    ];
    for (const [entity, field, target] of declared) expect(ref(entity, field)?.entity, entity).toBe(target);
    expect(ref('dy_comm', 'taskName')).toBeUndefined();
  });
});

describe('deriveEntities refs', () => {
  /** `thing` with a link to one other thing and to a list of them (patterns.yaml IdList), both declared refs. */
  const withRefs = (c: ReturnType<typeof contract>) => {
    const fields = (c.components!.schemas!.ThingFields as Loose).properties;
    fields.twinId = { type: 'string', maxLength: 20 };
    fields.friendIds = { $ref: '#/components/schemas/IdList' };
    fields.count = { type: 'integer', minimum: 0 };
    entity(c).refs = {
      twinId: { entity: 'thing', label: 'thingName' },
      friendIds: { entity: 'thing', label: 'thingName', multiple: true },
    };
    return c;
  };

  it('reads the refs: the entity, its label field, one id or a list, and where its rows are listed', () => {
    const { entities, errors } = deriveEntities(withRefs(contract()));
    expect(errors).toEqual([]);
    const ref = (name: string) => entities[0]?.fields.find((f) => f.name === name)?.ref;
    expect(ref('twinId')).toEqual({
      entity: 'thing',
      label: 'thingName',
      multiple: false,
      list: '/thing/list',
    });
    expect(ref('friendIds')).toEqual({
      entity: 'thing',
      label: 'thingName',
      multiple: true,
      list: '/thing/list',
    });
    expect(ref('thingName')).toBeUndefined();
  });

  const brokenRefs: [string, (refs: Loose) => void, string][] = [
    [
      'an unknown entity',
      (r) => (r.twinId.entity = 'gadget'),
      'refs.twinId.entity: no declared entity gadget',
    ],
    [
      'a label the entity lacks',
      (r) => (r.twinId.label = 'colour'),
      'refs.twinId.label: Thing (thing) has no field colour',
    ],
    [
      'a field the entity lacks',
      (r) => (r.colourId = { entity: 'thing', label: 'thingName' }),
      'refs.colourId: Thing has no field colourId',
    ],
    [
      'multiple on one id',
      (r) => (r.twinId.multiple = true),
      'refs.twinId.multiple: twinId holds one id, not a comma-separated list',
    ],
    [
      'a list without multiple',
      (r) => delete r.friendIds.multiple,
      'refs.friendIds: friendIds holds a comma-separated list of ids (IdList): multiple: true',
    ],
    [
      'multiple that is not true',
      (r) => (r.friendIds.multiple = 'yes'),
      'refs.friendIds.multiple: true, or left out',
    ],
    [
      'a ref without its label',
      (r) => delete r.twinId.label,
      "refs.twinId: needs entity (a declared entity's tag) and label",
    ],
    [
      'a ref on a number',
      (r) => (r.count = { entity: 'thing', label: 'thingName' }),
      'refs.count: count is not a string of ids',
    ],
    ['an unknown key of a ref', (r) => (r.twinId.colour = 'red'), 'refs.twinId: unknown key colour'],
  ];
  it.each(brokenRefs)('reports a ref with %s', (_what, breakIt, message) => {
    const c = withRefs(contract());
    breakIt(entity(c).refs as Loose);
    const { errors } = deriveEntities(c);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toContain(message);
  });

  it('reports refs that are not a map', () => {
    const c = contract();
    entity(c).refs = ['twinId'];
    expect(deriveEntities(c).errors.join('\n')).toContain(
      'x-entity.refs: must map fields to { entity, label, multiple? }',
    );
  });
});
