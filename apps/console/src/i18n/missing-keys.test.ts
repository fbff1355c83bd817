// Every catalogue key the console's sources ask for exists in both languages. Literal keys are found by scanning
// the sources; keys built from a template are enumerated from the values the template can take.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HTTP_MESSAGE_KEYS } from '@smart/auth';
import { describe, expect, it } from 'vitest';
import { SOCIAL_SOURCES } from '../pages/login/SocialButtons';
import en from './en';
import { pageTextsEn, pageTextsZh } from './page-texts';
import { sessionCheckEn, sessionCheckZh } from './session-check';
import { features } from '../features';
import { createViews } from '../shell/views';
import zh from './zh';

const SRC = join(import.meta.dirname, '..');

/** The console's own sources (tests and test helpers left out: they may name keys on purpose). */
function sources(): { file: string; text: string }[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test-utils'))
    .map((file) => ({ file, text: readFileSync(join(SRC, file), 'utf8') }));
}

type Tree = { [key: string]: string | Tree };

function has(tree: Tree, key: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return false;
    node = node[part];
  }
  return typeof node === 'string';
}

const bundles: Record<'zh' | 'en', Tree[]> = {
  zh: [
    zh,
    pageTextsZh,
    sessionCheckZh,
    ...features.flatMap((f) => (f.catalogue ? [f.catalogue.zh as Tree] : [])),
  ],
  en: [
    en,
    pageTextsEn,
    sessionCheckEn,
    ...features.flatMap((f) => (f.catalogue ? [f.catalogue.en as Tree] : [])),
  ],
};

function missingIn(keys: Iterable<string>): string[] {
  return [...keys].flatMap((key) =>
    (['zh', 'en'] as const)
      .filter((lng) => !bundles[lng].some((tree) => has(tree, key)))
      .map((lng) => `${lng}: ${key}`),
  );
}

/** Each template key the sources build, with the values its placeholder takes. */
const TEMPLATE_VALUES: Record<string, readonly string[]> = {
  'login.${field}': ['tenantId', 'username', 'password'],
  'register.${field}': ['tenantId', 'name', 'account', 'password', 'password2'],
  'register.providers.${source}': SOCIAL_SOURCES,
  'info.${field}': ['name', 'realName', 'email', 'phone'],
  'error.${code}': ['403', '404', '500'],
};

/** Template keys whose lookup carries a defaultValue (server menu names): a missing entry shows the server's text. */
const WITH_DEFAULT = new Set(['menu.${item.code}', 'menu.${query.i18n}']);

// t('…'), i18n.t('…'), t(cond ? '…' : '…'): every quoted key-shaped string inside the call's first argument.
const CALL = /\bt\(\s*([^,)]*)/g;
const QUOTED = /'([A-Za-z][\w-]*(?:\.[\w-]+)+)'|"([A-Za-z][\w-]*(?:\.[\w-]+)+)"/g;
const TEMPLATE = /\bt\(\s*`([^`]*)`/g;
// Keys kept in tables and handed to t() later: `label: 'route.home'`, `tenantId: 'login.tenantRequired'`, ….
const NAMESPACES = new Set([...Object.keys(zh), ...Object.keys(pageTextsZh), ...Object.keys(sessionCheckZh)]);
const KEY_LITERAL = /'([a-z][\w]*)\.([\w.]+)'/gi;

function scan() {
  const literal = new Map<string, string>();
  const templates = new Map<string, string>();
  for (const { file, text } of sources()) {
    for (const call of text.matchAll(CALL)) {
      for (const q of (call[1] ?? '').matchAll(QUOTED)) literal.set(q[1] ?? q[2] ?? '', file);
    }
    for (const tpl of text.matchAll(TEMPLATE)) templates.set(tpl[1] ?? '', file);
    for (const k of text.matchAll(KEY_LITERAL)) {
      if (NAMESPACES.has(k[1] ?? '') && !/\.(tsx?|css|svg|png)$/.test(k[0].slice(1, -1))) {
        literal.set(`${k[1]}.${k[2]}`, file);
      }
    }
  }
  return { literal, templates };
}

describe('no catalogue key is missing', () => {
  const { literal, templates } = scan();

  it('finds the keys (the scan itself works)', () => {
    expect(literal.get('route.home')).toBe(join('shell', 'views.ts'));
    expect(literal.has('navbar.logoutTip')).toBe(true);
    expect(literal.has('errorLog.loadFailed')).toBe(true); // inside a ternary
    expect(literal.has('login.tenantRequired')).toBe(true); // in a table, passed to t() later
    expect(templates.has('register.providers.${source}')).toBe(true);
  });

  it('every literal key is in zh and en', () => {
    const missing = missingIn(literal.keys()).map((entry) => {
      const key = entry.slice(entry.indexOf(' ') + 1);
      return `${entry} (${relative(SRC, join(SRC, literal.get(key) ?? ''))})`;
    });
    expect(missing).toEqual([]);
  });

  it('every template key is enumerated, and each of its values is in zh and en', () => {
    const unknown = [...templates.keys()].filter(
      (tpl) => !(tpl in TEMPLATE_VALUES) && !WITH_DEFAULT.has(tpl),
    );
    expect(unknown, 'add the values of these templates to TEMPLATE_VALUES').toEqual([]);
    const keys = Object.entries(TEMPLATE_VALUES).flatMap(([tpl, values]) =>
      values.map((value) => tpl.replace(/\$\{[^}]+\}/, value)),
    );
    expect(missingIn(keys)).toEqual([]);
  });

  it('the tab labels of feature routes outside the menu are there', () => {
    expect(missingIn(Object.values(createViews(features).labels))).toEqual([]);
  });

  it('the texts @smart/auth asks the console for are there', () => {
    expect(missingIn(Object.values(HTTP_MESSAGE_KEYS))).toEqual([]);
  });
});
