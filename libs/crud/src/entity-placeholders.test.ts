import { allEntities, entityCatalogue, postEntity } from '@smart/api-sdk/entities';
import type { EntityField } from '@smart/api-sdk/manifest';
import { describe, expect, it } from 'vitest';

import { defineResource } from './define-resource';
import { entityResource } from './entity-page';
import { catalogueT, textGaps, showsPlaceholder } from './testing';
import { isChoiceType } from './types';

// Every placeholder of a generated page is one catalogue key per field in each language (write-entities.ts
// `_placeholders`), never a label wrapped in a phrase at run time.
describe('placeholders of the declared entities', () => {
  const zh = catalogueT(entityCatalogue.zh);
  const en = catalogueT(entityCatalogue.en);

  it('gives every typed or picked form and search field its own key, present in zh and en, worded for its control', () => {
    let checked = 0;
    for (const entity of allEntities) {
      const resource = defineResource(entity as never);
      expect(textGaps(resource, zh, en)).toEqual([]);
      for (const column of resource.columns.filter((c) => showsPlaceholder(c))) {
        expect(column.placeholder, `${entity.name}.${String(column.prop)}`).toBe(
          `${entity.i18n}._placeholders.${String(column.prop)}`,
        );
        // the wording follows the control the kit draws (types.ts isChoiceType), unless the contract worded it
        const field: EntityField | undefined = entity.fields.find((f) => f.name === column.prop);
        if (field?.placeholder) continue;
        const key = column.placeholder!;
        const choice = isChoiceType(column.search && column.type === 'switch' ? 'select' : column.type);
        expect(zh(key).startsWith(choice ? '请选择' : '请输入'), key).toBe(true);
        expect(en(key).startsWith(choice ? 'Select ' : 'Enter '), key).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(700);
  });

  it("leaves no gap on the console's generic page of any entity either", () => {
    for (const entity of allEntities) expect(textGaps(entityResource(entity as never), zh, en)).toEqual([]);
  });

  it('words English mid-sentence (lower-case nouns, names and acronyms kept)', () => {
    expect(en('entity.param._placeholders.paramName')).toBe('Enter parameter name');
    expect(zh('entity.param._placeholders.paramName')).toBe('请输入参数名称');
    expect(en('entity.yingdaoAuth._placeholders.callbackUrl')).toBe('Enter callback URL');
    expect(en('entity.notice._placeholders.releaseTime')).toBe('Select a date and time');
  });

  it('drops the generated placeholder when a page turns a typed field into a picked one', () => {
    const picked = defineResource(postEntity, { columns: { postCode: { type: 'select' } } });
    expect(picked.columns.find((c) => c.prop === 'postCode')?.placeholder).toBeUndefined();
    const own = defineResource(postEntity, {
      columns: { postCode: { type: 'select', placeholder: 'x.pick' } },
    });
    expect(own.columns.find((c) => c.prop === 'postCode')?.placeholder).toBe('x.pick');
    const same = defineResource(postEntity, { columns: { postName: { type: 'textarea' } } });
    expect(same.columns.find((c) => c.prop === 'postName')?.placeholder).toBe(
      'entity.post._placeholders.postName',
    );
  });
});
