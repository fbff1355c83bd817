/**
 * The contract's error catalogue (openapi/errors.yaml, bundled as `x-error-catalogue`) lists every message this
 * server answers, so that the console can show it in English and other servers can answer the same texts. This
 * reads the server's sources for the ways a message is written (thrown errors, `*_MSG` constants, envelopes,
 * OAuth descriptions, the ternaries between two messages) and fails on one the catalogue lacks.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../spec';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Sandboxes speak for the outside systems they stand in for, seeds hold data, tests hold expectations. */
const SKIP_DIRS = new Set(['sandbox', 'seed', 'test']);

interface Entry {
  zh: string;
  en: string;
  status: number;
}

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (!SKIP_DIRS.has(name)) sources(p, out);
    } else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const CJK = /[\u4e00-\u9fa5]/;
const STR = String.raw`('(?:[^'\\\n]|\\.)*'|\`(?:[^\`\\]|\\.)*\`)`;
/** Where a message is written. */
const FORMS = [
  String.raw`new (?:BizError|OAuthError|CronError|ConnectError|AuthError|AiCommentError)\((?:\d+,\s*'\w+',\s*|'\w+',\s*)?${STR}`,
  String.raw`\b[A-Z][A-Z0-9_]*(?:MSG|MISSING)\s*=\s*${STR}`,
  String.raw`\b\w+Msg\s*=\s*\([^)]*\)\s*=>\s*${STR}`,
  String.raw`\bfail\(\d+,\s*${STR}`,
  String.raw`\b(?:msg|error_description):\s*${STR}`,
  String.raw`(?:Error|[Mm]essage)\b[^;\n]*\?\s*${STR}\s*:\s*${STR}`,
].map((f) => new RegExp(f, 'g'));
/** A constant a message is built from (`${DATE_MSG}: ${v}`). */
const CONSTANT = new RegExp(String.raw`\b([A-Z][A-Z0-9_]*)\s*=\s*${STR}`, 'g');

/** Every message of the server's sources, `{}` where a part is filled in, with the file that writes it. */
function serverMessages(): Map<string, string> {
  const files = sources(SRC).map((f) => ({ f, src: readFileSync(f, 'utf8') }));
  const constants = new Map<string, string>();
  for (const { src } of files)
    for (const m of src.matchAll(CONSTANT))
      if (!m[2]!.includes('${')) constants.set(m[1]!, m[2]!.slice(1, -1));
  const found = new Map<string, string>();
  for (const { f, src } of files)
    for (const re of FORMS)
      for (const m of src.matchAll(re))
        for (const literal of m.slice(1)) {
          if (!literal) continue;
          const text = literal
            .slice(1, -1)
            .replace(/\$\{(\w+)\}/g, (all, name: string) => constants.get(name) ?? all)
            .replace(/\$\{[^}]*\}/g, '{}')
            // a template nested in a template ends the scan's literal early: the text before it is the message
            .replace(/\$\{[^}]*$/, '');
          if (CJK.test(text) && !found.has(text)) found.set(text, path.relative(SRC, f));
        }
  return found;
}

const shape = (text: string) => text.replace(/\{\w+\}/g, '{}');

describe('the error catalogue', () => {
  const catalogue = (loadSpec() as { 'x-error-catalogue'?: Entry[] })['x-error-catalogue'] ?? [];
  const known = new Set(catalogue.map((e) => shape(e.zh)));

  it('is in the bundle, each message with its English text and status', () => {
    expect(catalogue.length).toBeGreaterThan(150);
    for (const e of catalogue) {
      expect(e.en, e.zh).toMatch(/\S/);
      expect(e.status, e.zh).toBeGreaterThanOrEqual(200);
    }
  });

  it('lists every message the server writes', () => {
    const messages = serverMessages();
    // the scan finds what it should: messages of each form, from constants and templates
    for (const sample of [
      '数据不存在',
      '用户名或密码错误',
      '日期格式错误: {}',
      '当前用户 [{}] 已存在!',
      '赠送天数必须为整数',
    ])
      expect(messages.has(sample), sample).toBe(true);
    const missing = [...messages]
      .filter(([text]) => !known.has(text))
      .map(([text, file]) => `${text}  (${file})`);
    expect(missing).toEqual([]);
  });
});
