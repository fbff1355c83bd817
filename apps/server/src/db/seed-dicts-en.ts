/**
 * English labels of the seeded dictionary items (code → key → label), for `dict/dictionary?lang=en`
 * (openapi/paths/smart-system/dict.yaml): the system dictionaries of seed-data.ts here, the contract's enums with
 * their declarations in seed-dicts.ts. A seeded item answers its English label only while its stored label is still
 * the seeded Chinese one (src/modules/system/dict/dict.module.ts); an operator's own wording is never replaced.
 */
import { dicts, dictsV2 } from './seed-data';
import { contractDictEn, contractDicts } from './seed-dicts';

const SYSTEM_EN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  yes_no: { 1: 'No', 2: 'Yes' },
  sex: { 1: 'Male', 2: 'Female' },
  menu_category: { 1: 'Menu', 2: 'Button' },
  button_func: { 1: 'Toolbar', 2: 'Row actions', 3: 'Toolbar and row actions' },
  org_category: { 1: 'Company', 2: 'Department', 3: 'Team' },
  judge: { 0: 'No', 1: 'Yes' },
  xhs_action: { 1: 'Browse', 2: 'Like', 3: 'Save', 4: 'Comment', 5: 'Follow', 6: 'Share' },
  introduction_keywords: { 1: 'Partnership', 2: 'Business', 3: 'Store visits', 4: 'Product picks' },
  judging_data: { 1: 'Likes', 2: 'Saves', 3: 'Comments', 4: 'Shares', 5: 'Followers', 6: 'Publish time' },
  multiple_condition: { 1: 'All conditions', 2: 'Any condition' },
  notice: {
    1: 'Announcement',
    2: 'Approval notice',
    3: 'Forwarded notice',
    4: 'Instruction',
    5: 'Appointment',
    6: 'General notice',
  },
  flow: { 1: 'Leave process', 2: 'Expense process' },
  data_scope_type: {
    1: 'Everything',
    2: 'Own rows',
    3: 'Own department',
    4: 'Own department and below',
    5: 'Custom',
  },
  api_scope_type: { 1: 'System API', 2: 'Business API' },
  scope_category: { 1: 'Data scope', 2: 'API scope' },
  oss: { 2: 'Qiniu', 3: 'Alibaba Cloud', 4: 'Tencent Cloud' },
  sms: { 1: 'Yunpian', 2: 'Qiniu', 3: 'Alibaba Cloud', 4: 'Tencent Cloud' },
  post_category: { 1: 'Senior', 2: 'Middle', 3: 'Junior', 4: 'Other' },
  region: { 0: 'Country', 1: 'Province', 2: 'City', 3: 'District', 4: 'Town', 5: 'Village' },
  customer_level: { 1: 'Regular', 2: 'Important', 3: 'VIP' },
};

export interface SeededLabel {
  zh: string;
  en: string;
}

/** code → key → the seeded Chinese label and its English one (items without an English label are left out). */
export const seededDictLabels: ReadonlyMap<string, ReadonlyMap<string, SeededLabel>> = (() => {
  const out = new Map<string, Map<string, SeededLabel>>();
  const add = (code: string, key: string, zh: string, en: string | undefined) => {
    if (!en || en === zh) return;
    const items = out.get(code) ?? new Map<string, SeededLabel>();
    items.set(key, { zh, en });
    out.set(code, items);
  };
  for (const d of [...dicts, ...dictsV2])
    for (const [key, zh] of d.items) add(d.code, key, zh, SYSTEM_EN[d.code]?.[key]);
  for (const d of contractDicts)
    for (const [key, zh] of d.items) add(d.code, key, zh, contractDictEn[d.code]?.[key]);
  return out;
})();

/** The label of a dictionary item in `lang`: English for a seeded item whose label is still the seeded one. */
export function dictLabel(code: string, key: string, stored: string, lang: string | undefined): string {
  if (lang !== 'en') return stored;
  const seeded = seededDictLabels.get(code)?.get(key);
  return seeded && seeded.zh === stored ? seeded.en : stored;
}
