// What the generated page test does, decided from the manifest: the text column whose seeded values prove the list
// loaded, the dictionaries and referenced rows the page reads, and how the add dialog's required fields are filled
// and what the create call must then carry.
import { controlOf, formAbilities, listedFields, type Control } from './controls';
import type { EntityFacts, FieldFacts } from './entities';
import { sampleNumber, sampleText } from './samples';

export interface Option {
  label: string;
  value: string | number;
}

/** One dialog field the add test fills: text typed into it, or the label of the option it picks. */
export interface FillStep {
  field: FieldFacts;
  control: Control;
  action: 'type' | 'pick';
  input: string;
  /** The field's value in the create call. */
  expected: string | number;
}

/** The list of another entity a ref field reads its options from: answered with one row. */
export interface RefList {
  list: string;
  labelField: string;
  rowLabel: string;
}

export interface TestPlan {
  /** The listed text column the list test looks for, with its three seeded values and the added row's. */
  probe?: { field: FieldFacts; values: [string, string, string]; added: string };
  dictionaries: Record<string, Option[]>;
  refs: RefList[];
  add: { steps: FillStep[] } | { omitted: string };
}

/** The row a generated test adds is the 9th, the seeded ones the 1st to 3rd: their sample values differ. */
const ADDED = 9;
const TYPED: readonly Control[] = ['input', 'textarea', 'password'];
const PICKED: readonly Control[] = ['select', 'combobox', 'multiselect'];

const labelOf = (field: FieldFacts) => field.label?.zh ?? field.name;

/** The options the test's `dictionary` gives a dictionary field: one per contract value, else one. */
function dictionaryOptions(field: FieldFacts): Option[] {
  const values = field.enum?.length ? field.enum : ['1'];
  return values.map((v) => ({ label: `${labelOf(field)}-${v}`, value: String(v) }));
}

/** A plain text column: what the seeded rows show as typed. */
function isText(field: FieldFacts, entity: EntityFacts): boolean {
  return TYPED.includes(controlOf(field, entity)) && !field.format && !field.writeOnly;
}

/**
 * A text no other part of the page shows: not a bare number, which a pager or a count shows too (`findByText('1')`
 * would find several, or the wrong one).
 */
const distinctive = (text: string | undefined): text is string => !!text && !/^\d+$/.test(text);

/**
 * The listed text column whose seeded values prove the rows loaded: required before optional ones, and a column
 * without a pattern (its samples read as its label) before a patterned one (ids, codes).
 */
function pickProbe(entity: EntityFacts): TestPlan['probe'] {
  const rank = (f: FieldFacts) => (f.required ? 0 : 2) + (f.pattern ? 1 : 0);
  const candidates = listedFields(entity)
    .filter((f) => isText(f, entity))
    .sort((a, b) => rank(a) - rank(b));
  for (const field of candidates) {
    const [a, b, c, added] = [1, 2, 3, ADDED].map((n) => sampleText(field, n));
    if (distinctive(a) && distinctive(b) && distinctive(c) && distinctive(added))
      return { field, values: [a, b, c], added };
  }
  return undefined;
}

function refLists(entity: EntityFacts, all: EntityFacts[]): RefList[] {
  const out = new Map<string, RefList>();
  for (const f of entity.fields) {
    if (!f.ref || out.has(f.ref.list)) continue;
    const target = all.find((e) => e.name === f.ref?.entity);
    out.set(f.ref.list, {
      list: f.ref.list,
      labelField: f.ref.label,
      rowLabel: `${target?.label.zh ?? f.ref.entity}-1`,
    });
  }
  return [...out.values()];
}

/** How the add test fills one field, or why it cannot. */
function fill(field: FieldFacts, entity: EntityFacts, refs: RefList[]): FillStep | string {
  const control = controlOf(field, entity);
  const step = (action: FillStep['action'], input: string, expected: string | number): FillStep => ({
    field,
    control,
    action,
    input,
    expected,
  });
  if (TYPED.includes(control)) {
    const text = sampleText(field, ADDED);
    return text ? step('type', text, text) : `no sample value fits the pattern ${field.pattern ?? ''}`;
  }
  if (control === 'number') {
    const value = sampleNumber(field, ADDED);
    return step('type', String(value), value);
  }
  if (PICKED.includes(control)) {
    const ref = refs.find((r) => r.list === field.ref?.list);
    if (ref) return step('pick', ref.rowLabel, '1');
    if (field.dict) {
      const first = dictionaryOptions(field)[0]!;
      // a numeric dictionary's keys come back as numbers (the kit's numericDict)
      const numeric = field.type === 'integer' || field.type === 'number';
      return step('pick', first.label, numeric ? Number(first.value) : first.value);
    }
    const value = field.enum?.[0];
    if (value !== undefined) return step('pick', String(value), value);
  }
  return `its ${control} control is not one a generated test fills`;
}

function planAdd(entity: EntityFacts, refs: RefList[], probe: TestPlan['probe']): TestPlan['add'] {
  if (!formAbilities(entity).add)
    return { omitted: 'the contract declares no add button with a create operation (submit or save)' };
  const required = entity.fields.filter((f) => f.inForm && f.required && f.default === undefined);
  const fields = probe && !required.includes(probe.field) ? [...required, probe.field] : required;
  const steps: FillStep[] = [];
  for (const field of fields) {
    const step = fill(field, entity, refs);
    if (typeof step === 'string')
      return { omitted: `the required field ${field.name} cannot be filled: ${step}` };
    steps.push(step);
  }
  return { steps };
}

export function testPlan(entity: EntityFacts, all: EntityFacts[]): TestPlan {
  const probe = pickProbe(entity);
  const refs = refLists(entity, all);
  const dictionaries: Record<string, Option[]> = {};
  for (const f of entity.fields) if (f.dict && !f.ref) dictionaries[f.dict] ??= dictionaryOptions(f);
  return { probe, dictionaries, refs, add: planAdd(entity, refs, probe) };
}
