// Values a generated test seeds and types, chosen at generation time so that they satisfy the contract's rules for
// the field (pattern, lengths, bounds): a value the form would refuse would make the add test fail as generated.
import type { FieldFacts } from './entities';

/** Whether `value` passes the field's pattern and length rules (the kit's rules, entity-resource.ts deriveRules). */
function fits(field: FieldFacts, value: string): boolean {
  if (field.pattern && !new RegExp(field.pattern).test(value)) return false;
  if (field.minLength !== undefined && value.length < field.minLength) return false;
  return field.maxLength === undefined || value.length <= field.maxLength;
}

/**
 * The `n`th sample text of a field: its label and `n` where nothing restricts it (readable in a failing test's
 * output), else the first of a few shapes the contract's patterns take (codes, ids, links, e-mail, cron, times).
 * Undefined when none fits: the field cannot be filled by a generated test.
 */
export function sampleText(field: FieldFacts, n: number): string | undefined {
  const candidates = [
    field.label ? `${field.label.zh}${n}` : undefined,
    `gen${n}`,
    String(n),
    `https://example.com/gen${n}`,
    `gen${n}@example.com`,
    `gen.pkg${n}`,
    `2026-01-0${n} 10:00:00`,
    `0 0 ${n} * * ?`,
    `1380000000${n}`,
    `0${n}:00`,
  ];
  return candidates.find((c): c is string => c !== undefined && fits(field, c));
}

/** A number within the field's bounds, `n` where the bounds allow it. */
export function sampleNumber(field: FieldFacts, n: number): number {
  const low = field.minimum ?? Number.NEGATIVE_INFINITY;
  const high = field.maximum ?? Number.POSITIVE_INFINITY;
  return Math.min(Math.max(n, low), high);
}

/** A seeded row's value of a field, of the type the row's model declares. */
export function rowValue(field: FieldFacts, n: number): unknown {
  if (field.enum?.length) return field.enum[0];
  switch (field.type) {
    case 'integer':
    case 'number':
      return sampleNumber(field, n);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'string':
      // a ref holds the id of another row: none here (the list shows no label for it)
      return field.ref ? '' : (sampleText(field, n) ?? '');
  }
}
