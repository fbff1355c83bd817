// The texts of a field that the contract need not state one by one: its placeholder. A field's `x-placeholder` says
// it when the label alone does not (a cron's format); else it is worded from the label the way the platform's
// forms word it (请输入… / 请选择…), once per field at generation, so every field has its own catalogue key a
// translator can change (libs/api-sdk/scripts/write-entities.ts `_placeholders`).
import type { EntityField, LocalText } from './types';

/** First words of English labels that stay capitalised mid-sentence (names, a language). */
const PROPER = new Set(['Alipay', 'Douyin', 'English', 'Feishu', 'Midjourney', 'Xiaohongshu', 'Yingdao']);

/** `Parameter name` → `parameter name`; `SMS code`, `URL`, `Feishu sheet` and `WeChat id` keep theirs. */
export function midSentence(label: string): string {
  const first = label.split(/\s/, 1)[0] ?? '';
  return /^[A-Z][a-z-]*$/.test(first) && !PROPER.has(first)
    ? label[0]!.toLowerCase() + label.slice(1)
    : label;
}

/**
 * The seeded dictionaries whose two items answer yes or no (apps/server seed-data.ts `yes_no`, `judge`), and the
 * one that switches a row on or off (seed-dicts.ts `enable_status`): labels such as `Liked` or `Enabled` do not
 * follow `Select`, what they pick does.
 */
const YES_NO_DICTS = new Set(['yes_no', 'judge']);
const ON_OFF_DICTS = new Set(['enable_status']);

/** A field whose control picks (a dictionary, an enumeration, another entity's rows, a switch, a date). */
export function isChoiceField(
  field: Pick<EntityField, 'ref' | 'dict' | 'enum' | 'type' | 'format'>,
): boolean {
  return (
    !!field.ref ||
    !!field.dict ||
    !!field.enum ||
    field.type === 'boolean' ||
    field.format === 'date-time' ||
    field.format === 'date'
  );
}

/**
 * The placeholder of a field's control: the contract's `x-placeholder`, else worded from its label. `picked`: the
 * field is chosen whatever its type says (a tree's parent, `x-entity.tree`).
 */
export function placeholderText(field: EntityField, picked = false): LocalText | undefined {
  if (field.placeholder) return field.placeholder;
  if (!field.label) return undefined;
  const { zh, en } = field.label;
  if (!picked && !isChoiceField(field)) return { zh: `请输入${zh}`, en: `Enter ${midSentence(en)}` };
  // a picker's English names what it picks: a label such as `Created at` does not follow `Select`
  if (field.format === 'date-time') return { zh: `请选择${zh}`, en: 'Select a date and time' };
  if (field.format === 'date') return { zh: `请选择${zh}`, en: 'Select a date' };
  const twoValued = field.enum?.length === 2 && field.enum.includes(0) && field.enum.includes(1);
  if (field.type === 'boolean' || twoValued || (field.dict && YES_NO_DICTS.has(field.dict)))
    return { zh: `请选择${zh}`, en: 'Select yes or no' };
  if (field.dict && ON_OFF_DICTS.has(field.dict))
    return { zh: `请选择${zh}`, en: 'Select enabled or disabled' };
  return { zh: `请选择${zh}`, en: `Select ${midSentence(en)}` };
}
