// Finishes the bundle: the error catalogue (errors.yaml: every message the server answers, zh as sent and en) goes
// into the bundle as the root extension `x-error-catalogue`, so that the one contract file carries it to the SDK,
// to backend teams and to outside tools. Checks each entry's shape first: a malformed entry stops the build.
// A step of finish-bundle.mjs; run alone, it rewrites dist/smart-api.yaml and .json in place.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { isMain, readBundle, writeBundle } from './bundle-files.mjs';

const slots = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Adds errors.yaml to `doc` in place (throws on a malformed entry); returns the line the build logs. */
export function errorCatalogue(doc) {
  const catalogue = parse(readFileSync(new URL('../errors.yaml', import.meta.url), 'utf8'));
  const problems = [];
  const seen = new Set();
  for (const [i, e] of (Array.isArray(catalogue) ? catalogue : []).entries()) {
    const where = `errors.yaml entry ${i + 1}`;
    if (!e || typeof e.zh !== 'string' || !e.zh || typeof e.en !== 'string' || !e.en) {
      problems.push(`${where}: needs zh and en texts`);
      continue;
    }
    const extra = Object.keys(e).filter((k) => !['zh', 'en', 'status'].includes(k));
    if (extra.length) problems.push(`${where} (${e.zh}): unknown keys ${extra.join(', ')}`);
    if (e.status !== undefined && !(Number.isInteger(e.status) && e.status >= 200 && e.status <= 599))
      problems.push(`${where} (${e.zh}): status must be an HTTP status`);
    if (slots(e.zh).join() !== slots(e.en).join())
      problems.push(`${where} (${e.zh}): zh and en name other parts`);
    if (seen.has(e.zh)) problems.push(`${where}: ${e.zh} is listed twice`);
    seen.add(e.zh);
  }
  if (!Array.isArray(catalogue) || problems.length)
    throw new Error(['error-catalogue: errors.yaml is malformed', ...problems].join('\n  '));

  doc['x-error-catalogue'] = catalogue.map((e) => ({ ...e, status: e.status ?? 400 }));
  return `error-catalogue: ${catalogue.length} messages`;
}

if (isMain(import.meta.url)) {
  const doc = readBundle();
  const summary = errorCatalogue(doc);
  writeBundle(doc);
  console.log(summary);
}
