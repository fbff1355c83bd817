import { describe, expect, it } from 'vitest';
import type { EntityFacts, FieldFacts } from './entities';
import { sampleText } from './samples';
import { testPlan } from './test-plan';

const field = (over: Partial<FieldFacts> & Pick<FieldFacts, 'name'>): FieldFacts => ({
  type: 'string',
  inForm: true,
  required: true,
  readOnly: false,
  label: { zh: over.name, en: over.name },
  ...over,
});

const entity = (fields: FieldFacts[], over: Partial<EntityFacts> = {}): EntityFacts => ({
  name: 'thing',
  label: { zh: '东西', en: 'Thing' },
  schema: 'Thing',
  operations: { list: 'thingList', submit: 'thingSubmit' },
  buttons: { add: 'thing_add' },
  fields,
  menu: { path: '/x/thing' },
  ...over,
});

describe('sample values', () => {
  it("keep to the field's pattern and lengths, or there is none", () => {
    expect(sampleText(field({ name: 'title', label: { zh: '标题', en: 'Title' } }), 1)).toBe('标题1');
    // the label does not fit the pattern: the first shape that does
    expect(
      sampleText(field({ name: 'code', label: { zh: '编号', en: 'Code' }, pattern: '^[A-Za-z0-9_-]+$' }), 2),
    ).toBe('gen2');
    expect(sampleText(field({ name: 'id', pattern: '^[0-9]{1,20}$' }), 3)).toBe('3');
    expect(sampleText(field({ name: 'url', pattern: '^https?://[^\\s]+$' }), 9)).toBe(
      'https://example.com/gen9',
    );
    expect(sampleText(field({ name: 'short', maxLength: 2 }), 9)).toBe('9');
    expect(sampleText(field({ name: 'grant', pattern: '^(password|implicit)$' }), 1)).toBeUndefined();
  });
});

describe('the test plan', () => {
  it('looks for the rows by a text column that no pager number could be mistaken for', () => {
    const plan = testPlan(
      entity([
        field({ name: 'appId', pattern: '^[0-9]{1,20}$' }),
        field({ name: 'folder', required: false }),
      ]),
      [],
    );
    expect(plan.probe?.field.name).toBe('folder');
    expect(plan.probe?.values).toEqual(['folder1', 'folder2', 'folder3']);
  });

  it('fills every required field, sending numbers for a numeric dictionary and the id for a ref', () => {
    const ref = { entity: 'group', label: 'groupName', multiple: false, list: '/api/x/group/list' };
    const plan = testPlan(
      entity([
        field({ name: 'title' }),
        field({ name: 'kind', type: 'integer', dict: 'thing_kind', enum: [3, 4] }),
        field({ name: 'groupId', ref }),
        field({ name: 'sort', type: 'integer', minimum: 0, maximum: 5 }),
        field({ name: 'priority', type: 'integer', default: 2 }),
      ]),
      [entity([], { name: 'group', label: { zh: '分组', en: 'Group' } })],
    );
    expect(plan.dictionaries).toEqual({
      thing_kind: [
        { label: 'kind-3', value: '3' },
        { label: 'kind-4', value: '4' },
      ],
    });
    expect(plan.refs).toEqual([{ list: '/api/x/group/list', labelField: 'groupName', rowLabel: '分组-1' }]);
    const steps = 'steps' in plan.add ? plan.add.steps : [];
    // the defaulted priority starts filled in
    expect(steps.map((s) => [s.field.name, s.action, s.input, s.expected])).toEqual([
      ['title', 'type', 'title9', 'title9'],
      ['kind', 'pick', 'kind-3', 3],
      ['groupId', 'pick', '分组-1', '1'],
      ['sort', 'type', '5', 5],
    ]);
  });

  it('leaves the add test out, saying why, when a required field has no control it can fill', () => {
    const plan = testPlan(entity([field({ name: 'title' }), field({ name: 'at', format: 'date-time' })]), []);
    expect(plan.add).toEqual({
      omitted:
        'the required field at cannot be filled: its datetime control is not one a generated test fills',
    });
    expect(testPlan(entity([field({ name: 'title' })], { buttons: {} }), []).add).toEqual({
      omitted: 'the contract declares no add button with a create operation (submit or save)',
    });
  });
});
