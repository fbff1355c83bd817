// A valid submit body of a declared entity, built from its contract: what the server's conformance suite and the
// end-to-end CRUD flows write, so every declared entity can be created by being declared.
import type { ContractDocument } from './contract-schema';
import type { EntityManifestData } from './types';

type Json = Record<string, unknown>;

/**
 * The form schema's first example, its free-text fields prefixed with `tag()` (a fresh tag per field: keep it short,
 * codes may be 12 characters), cut to their `maxLength`. A unique key's patterned text (a code, an invite key, a
 * customer id) and a typed key (a region's code, which names a new row) get a fresh value their pattern admits, so a
 * second body is not refused as a clash. Throws when the schema has no example or the example lacks a required field.
 */
export function entityExampleBody(doc: ContractDocument, e: EntityManifestData, tag: () => string): Json {
  const schema = doc.components?.schemas?.[e.formSchema ?? ''] as { examples?: Json[] } | undefined;
  const example = schema?.examples?.[0];
  if (!example)
    throw new Error(`${e.name}: the form schema ${e.formSchema} has no examples to build a body from`);
  const body: Json = { ...example };
  for (const f of e.fields.filter((x) => x.inForm)) {
    if (f.type !== 'string' || f.enum || f.pattern || f.format) continue;
    body[f.name] = `${tag()}${String(body[f.name] ?? '')}`.slice(0, f.maxLength ?? 64);
  }
  const keys = [...e.unique.flatMap((u) => u.fields), ...(e.key ? [e.key.field] : [])];
  for (const name of new Set(keys)) {
    const f = e.fields.find((x) => x.name === name);
    if (!f?.pattern || f.enum || typeof body[name] !== 'string') continue;
    const v = body[name];
    const fresh = tag();
    const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const candidate = [`${v}${fresh}`, `${v}${fresh.toUpperCase()}`, `${v.slice(0, -6)}${digits}`].find(
      (c) => c.length <= (f.maxLength ?? 64) && new RegExp(f.pattern!).test(c),
    );
    if (candidate) body[name] = candidate;
  }
  for (const f of e.fields.filter((x) => x.required))
    if (body[f.name] === undefined) throw new Error(`${e.name}: the example lacks the required ${f.name}`);
  return body;
}
