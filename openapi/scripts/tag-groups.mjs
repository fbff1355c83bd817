// Finishes the bundle: `x-tagGroups` (read by Redoc and other reference viewers) groups the tags by the service whose
// path prefix their operations share (`/api/smart-system/…` → smart-system), the back-end services this contract
// spans. Derived, so a new tag joins its service's group without an edit; a tag of no operation is listed under
// `other` rather than hidden. A step of finish-bundle.mjs; run alone, it rewrites dist/smart-api.yaml and .json in
// place.
import { isMain, readBundle, writeBundle } from './bundle-files.mjs';

/** Sets `x-tagGroups` of `doc` in place; returns the line the build logs. */
export function tagGroups(doc) {
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
  return `tag-groups: ${grouped.size + unused.length} tags in ${groups.size} service groups`;
}

if (isMain(import.meta.url)) {
  const doc = readBundle();
  const summary = tagGroups(doc);
  writeBundle(doc);
  console.log(summary);
}
