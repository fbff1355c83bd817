// Console test setup: a text the catalogues lack fails the test that showed it (i18next would quietly print the key).
// Lookups with a defaultValue are exempt: menu names come from the server and fall back to it by design.
import { afterEach, beforeEach } from 'vitest';
import { i18n, loadEntityCatalogue } from '../i18n';

// what the layout loads before any page behind the login renders (shell/preload.ts)
await loadEntityCatalogue();

const missing = new Set<string>();

i18n.options.saveMissing = true;
i18n.options.missingKeyHandler = (
  _lngs,
  _ns,
  key,
  _fallback,
  _update,
  options: { defaultValue?: unknown },
) => {
  if (options.defaultValue === undefined) missing.add(key);
};

beforeEach(() => missing.clear());

afterEach(() => {
  if (missing.size === 0) return;
  const keys = [...missing].sort();
  missing.clear();
  throw new Error(`Missing translation keys: ${keys.join(', ')}`);
});
