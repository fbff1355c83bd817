import { describe, expect, it } from 'vitest';

import { midSentence, placeholderText } from '../src/manifest/field-texts';
import type { EntityField } from '../src/manifest/types';

const field = (over: Partial<EntityField>): EntityField => ({
  name: 'f',
  type: 'string',
  inForm: true,
  required: false,
  readOnly: false,
  label: { zh: '名称', en: 'Parameter name' },
  ...over,
});

describe('placeholderText', () => {
  it('asks to type a typed field and to pick a picked one, in each language', () => {
    expect(placeholderText(field({}))).toEqual({ zh: '请输入名称', en: 'Enter parameter name' });
    expect(placeholderText(field({ dict: 'post_category', label: { zh: '类别', en: 'Category' } }))).toEqual({
      zh: '请选择类别',
      en: 'Select category',
    });
  });

  it('names what a date, a yes/no or an on/off control picks, not its label', () => {
    const at = { zh: '创建时间', en: 'Created at' };
    expect(placeholderText(field({ format: 'date-time', label: at }))?.en).toBe('Select a date and time');
    expect(placeholderText(field({ format: 'date', label: at }))?.en).toBe('Select a date');
    const liked = { zh: '已点赞', en: 'Liked' };
    for (const over of [
      { dict: 'judge' },
      { dict: 'yes_no' },
      { type: 'boolean' as const },
      { enum: [0, 1] },
    ])
      expect(placeholderText(field({ ...over, label: liked }))).toEqual({
        zh: '请选择已点赞',
        en: 'Select yes or no',
      });
    expect(placeholderText(field({ dict: 'enable_status', label: { zh: '状态', en: 'Enabled' } }))?.en).toBe(
      'Select enabled or disabled',
    );
  });

  it("takes the contract's x-placeholder as it is, and has none without a label", () => {
    const own = { zh: '如 0 0 3 * * ?', en: 'e.g. 0 0 3 * * ?' };
    expect(placeholderText(field({ placeholder: own }))).toEqual(own);
    expect(placeholderText(field({ label: undefined }))).toBeUndefined();
  });
});

describe('midSentence', () => {
  it('lower-cases a plain first word, keeps acronyms, mixed case and names', () => {
    expect(midSentence('Parameter name')).toBe('parameter name');
    expect(midSentence('Auto-approve')).toBe('auto-approve');
    expect(midSentence('SMTP host')).toBe('SMTP host');
    expect(midSentence('WeChat OpenID')).toBe('WeChat OpenID');
    expect(midSentence('Feishu webhook')).toBe('Feishu webhook');
    expect(midSentence('Yingdao account')).toBe('Yingdao account');
  });
});
