// Finishes the bundle: a list that declares `x-sort` (the columns it sorts by) gets its own `ascs` / `descs`
// parameters whose pattern admits exactly those columns, comma-separated as the platform sends them, and whose
// example is one of them. Outside tools then know each list's columns from the bundle; the source states them
// once. A step of finish-bundle.mjs; run alone, it rewrites dist/smart-api.yaml and .json in place.
import { isMain, readBundle, writeBundle } from './bundle-files.mjs';

const escape = (c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function sortParam(name, columns, shared) {
  const one = `(?:${columns.map(escape).join('|')})`;
  return {
    name,
    in: 'query',
    required: false,
    description: `${shared.description} One or more of: ${columns.map((c) => `\`${c}\``).join(', ')}.`,
    schema: { type: 'string', maxLength: shared.schema?.maxLength ?? 200, pattern: `^${one}(?:,${one})*$` },
    example: columns[0],
  };
}

/** Narrows the sort parameters of `doc` in place; returns the line the build logs. */
export function expandSorts(doc) {
  let lists = 0;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      const columns = op?.['x-sort'];
      if (!Array.isArray(columns) || columns.length === 0) continue;
      lists++;
      op.parameters = (op.parameters ?? []).map((p) => {
        const ref = p.$ref?.match(/^#\/components\/parameters\/(Ascs|Descs)$/)?.[1];
        return ref ? sortParam(ref.toLowerCase(), columns, doc.components.parameters[ref]) : p;
      });
    }
  }
  return `expand-sorts: ascs/descs of ${lists} lists narrowed to their x-sort columns`;
}

if (isMain(import.meta.url)) {
  const doc = readBundle();
  const summary = expandSorts(doc);
  writeBundle(doc);
  console.log(summary);
}
