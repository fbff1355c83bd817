// What a feature's sources ask of its catalogue, for the feature's catalogue test (node only: it reads the sources).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FeatureCatalogue } from '../feature';

type Tree = { [key: string]: string | Tree };

const keysOf = (node: unknown, prefix = ''): string[] =>
  typeof node === 'string'
    ? [prefix]
    : Object.entries(node as Tree).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));

export interface CatalogueCoverage {
  /** Every key of each language. */
  zh: string[];
  en: string[];
  /** The keys the sources ask for, templates expanded. */
  asked: string[];
  /** Template keys (`t(\`a.${x}\`)`) no value list covers: the test cannot know which keys they build. */
  unknownTemplates: string[];
  /** Asked keys one language (or both) lacks. */
  missing: string[];
}

/**
 * The keys the sources under `dir` ask for (tests aside): each quoted key in a `t(` call, each quoted key under one
 * of `prefixes` (kept in tables and handed to t() later), and each template key of a `t(` call expanded by the
 * values its placeholder takes (`templates`: template → values); and which of them zh or en lacks.
 */
export function catalogueCoverage(
  catalogue: FeatureCatalogue,
  dir: string,
  {
    prefixes,
    templates = {},
  }: { prefixes: readonly string[]; templates?: Record<string, readonly string[]> },
): CatalogueCoverage {
  const literal = new Set<string>();
  const built = new Set<string>();
  const kept = new RegExp(`'((?:${prefixes.join('|')})\\.[\\w.]+)'`, 'g');
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|test-utils/.test(file)) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    for (const call of text.matchAll(/\bt\(\s*([^,)]*)/g))
      for (const q of (call[1] ?? '').matchAll(/'([a-z]\w*(?:\.\w+)+)'/gi)) literal.add(q[1]!);
    for (const tpl of text.matchAll(/\bt\(\s*`([^`]*)`/g)) built.add(tpl[1]!);
    for (const k of text.matchAll(kept)) literal.add(k[1]!);
  }
  const zh = keysOf(catalogue.zh);
  const en = keysOf(catalogue.en);
  const asked = [
    ...literal,
    ...Object.entries(templates).flatMap(([tpl, values]) => values.map((v) => tpl.replace(/\$\{[^}]+\}/, v))),
  ];
  return {
    zh,
    en,
    asked,
    unknownTemplates: [...built].filter((tpl) => !(tpl in templates)),
    missing: asked.filter((key) => !zh.includes(key) || !en.includes(key)),
  };
}
