// Finishes the bundle: `x-tagGroups` (read by Redoc and other reference viewers) groups the tags by the service whose
// path prefix their operations share (`/api/smart-system/…` → smart-system), the back-end services this contract
// spans. Derived, so a new tag joins its service's group without an edit; a tag of no operation is listed under
// `other` rather than hidden. Rewrites dist/smart-api.yaml and .json in place.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

const dir = new URL('../dist/', import.meta.url);
const doc = parse(readFileSync(new URL('smart-api.yaml', dir), 'utf8'));

const groups = new Map();
const grouped = new Set();
for (const [path, item] of Object.entries(doc.paths ?? {})) {
  const service = path.split('/').filter(Boolean)[path.startsWith('/api/') ? 1 : 0] ?? 'other';
  for (const op of Object.values(item))
    for (const tag of op?.tags ?? []) {
      if (grouped.has(tag)) continue;
      grouped.add(tag);
      if (!groups.has(service)) groups.set(service, []);
      groups.get(service).push(tag);
    }
}
const unused = (doc.tags ?? []).map((t) => t.name).filter((name) => !grouped.has(name));
if (unused.length) groups.set('other', [...(groups.get('other') ?? []), ...unused]);

doc['x-tagGroups'] = [...groups]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([name, tags]) => ({ name, tags: tags.sort() }));
writeFileSync(new URL('smart-api.yaml', dir), stringify(doc, { lineWidth: 0 }));
writeFileSync(new URL('smart-api.json', dir), JSON.stringify(doc, null, 2) + '\n');
console.log(`tag-groups: ${grouped.size + unused.length} tags in ${groups.size} service groups`);
