// The generator's files are this project's files: the Drizzle table (and a module file) typecheck against the
// server's own sources, and the contract files, added to a copy of openapi/ as the README's steps say, bundle and
// lint clean with Redocly and derive the declared entity without errors (libs/api-sdk derive.ts).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveEntities, type ContractDocument } from '@smart/api-sdk/manifest';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateFiles } from './generate';
import { bundleWithGenerated, byPath, redocly } from '../../test/generated-entity';
import { CONFIG, TABLE } from '../../test/generator-sample';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '../../..');
const repoRoot = path.resolve(serverRoot, '../..');

/** Type errors of the generated TypeScript files, compiled with the server's options beside its sources. */
function typeErrors(files: Record<string, string>): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(serverRoot, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  if (!config) throw new Error('no tsconfig');
  const virtual = new Map(Object.entries(files).map(([p, c]) => [path.join(repoRoot, p), c]));
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (f) => virtual.get(path.resolve(f)) ?? readFile(f);
  host.fileExists = (f) => virtual.has(path.resolve(f)) || fileExists(f);
  // app.ts brings the server's declarations (the request's `auth` of src/auth/security.ts) as in the real build
  const roots = [path.join(serverRoot, 'src/app.ts'), ...virtual.keys()];
  const program = ts.createProgram({ rootNames: roots, options: { ...config.options, noEmit: true }, host });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('code generator files', () => {
  const tmp: string[] = [];
  afterAll(() => {
    for (const d of tmp) rmSync(d, { recursive: true, force: true });
  });

  it('names the files after the table without its prefix, with a README of the steps', () => {
    const files = generateFiles(CONFIG, TABLE);
    expect(files.map((f) => f.path)).toEqual([
      'snippets/gen_article/README.md',
      'openapi/schemas/gen_article.yaml',
      'openapi/paths/smart-demo/gen_article.yaml',
      'snippets/gen_article/openapi.yaml',
      'apps/server/src/db/schema-gen-article.ts',
      'snippets/gen_article/schema.ts',
      'snippets/gen_article/plain-entities.ts',
      'snippets/gen_article/seed-menus.ts',
    ]);
    const f = byPath(files);
    expect(f.get('snippets/gen_article/plain-entities.ts')).toContain('gen_article: genArticle,');
    expect(f.get('snippets/gen_article/seed-menus.ts')).toContain("{ entity: 'gen_article' },");
    const wrapped = generateFiles({ ...CONFIG, wrapMode: 2 }, TABLE).map((x) => x.path);
    expect(wrapped).toContain('apps/server/src/modules/desk/gen-article/gen-article.module.ts');
    expect(wrapped).toContain('snippets/gen_article/app.ts');
  });

  it('labels fields with their comments, else their names, and requires NOT NULL columns without a default', () => {
    const schema = parse(byPath(generateFiles(CONFIG, TABLE)).get('openapi/schemas/gen_article.yaml')!);
    const props = schema.GenArticleFields.properties;
    expect(props.title).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 120,
      'x-label': { zh: '标题', en: 'Title' },
      'x-rule': { zh: '请输入标题', en: 'Please enter the title' },
    });
    expect(props.summary['x-label']).toEqual({ zh: 'Summary', en: 'Summary' });
    expect(props.score['x-label']).toEqual({ zh: 'score', en: 'Score' });
    expect(props.publishTime).toMatchObject({
      $ref: 'common.yaml#/DateTime',
      'x-rule': { zh: '请选择发布时间' },
    });
    expect(props.expireTime.$ref).toBe('business/patterns.yaml#/OptionalDateTime');
    expect(props.oddName).toMatchObject({ type: 'string', maxLength: 20 });
    // the key, the tenant and (base entity) the audit columns are the generated table's own, not fields
    for (const own of ['id', 'tenantId', 'createUser', 'createTime', 'status', 'isDeleted'])
      expect(props[own], own).toBeUndefined();
    expect(schema.GenArticleSubmit.allOf[0].required).toEqual(['title', 'category', 'publishTime']);
    // without the base entity the table's own audit-named columns are fields, and isDeleted is the table's
    const plain = parse(
      byPath(generateFiles({ ...CONFIG, baseMode: 1 }, TABLE)).get('openapi/schemas/gen_article.yaml')!,
    );
    expect(plain.GenArticleFields.properties.createTime).toBeDefined();
    expect(plain.GenArticle.allOf[0].properties.isDeleted).toBeDefined();
  });

  it('writes TypeScript that typechecks against the server (with and without the base entity and module)', () => {
    const plain = byPath(generateFiles(CONFIG, TABLE));
    const noteTable = { ...TABLE, name: 'demo_gen_note' };
    const wrapped = byPath(
      generateFiles({ ...CONFIG, tableName: 'demo_gen_note', baseMode: 1, wrapMode: 2 }, noteTable),
    );
    const module = 'apps/server/src/modules/desk/gen-note/gen-note.module.ts';
    // the module imports the table from the schema index, as the snippet adds it there
    const index = readFileSync(path.join(serverRoot, 'src/db/schema.ts'), 'utf8');
    const errors = typeErrors({
      'apps/server/src/db/schema-gen-article.ts': plain.get('apps/server/src/db/schema-gen-article.ts')!,
      'apps/server/src/db/schema-gen-note.ts': wrapped.get('apps/server/src/db/schema-gen-note.ts')!,
      'apps/server/src/db/schema.ts': `${index}${wrapped.get('snippets/gen_note/schema.ts')}`,
      [module]: wrapped.get(module)!,
      // a wrong line is caught: the check is real
      'apps/server/src/db/schema-wrong.ts': "import { nope } from './columns';\n",
    });
    expect(errors.filter((e) => !e.includes('schema-wrong.ts'))).toEqual([]);
    expect(errors.some((e) => e.includes('schema-wrong.ts'))).toBe(true);
  }, 90_000);

  it('adds contract files that bundle, lint clean and derive the entity without errors', () => {
    const { doc, dir } = bundleWithGenerated(generateFiles(CONFIG, TABLE), 'gen_article');
    tmp.push(dir);
    redocly(dir, ['lint', 'openapi.yaml', '--format=stylish']);
    const { entities, errors } = deriveEntities(doc as unknown as ContractDocument);
    expect(errors).toEqual([]);
    const e = entities.find((x) => x.name === 'gen_article');
    expect(e?.menu).toEqual({
      code: 'gen_article',
      name: { zh: '文章', en: 'Articles' },
      parent: 'desk',
      path: '/desk/gen_article',
      icon: 'file-text',
      sort: 1,
    });
    expect(e?.operations.submit).toBe('genArticleSubmit');
    expect(e?.filters.map((x) => x.param)).toEqual(['title', 'category', 'authorId', 'pinned', 'oddName']);
    expect(e?.sorts).toEqual([
      'id',
      'title',
      'category',
      'author_id',
      'price',
      'score',
      'publish_time',
      'expire_time',
      'birth_day',
      'create_time',
      'update_time',
    ]);
    expect(e?.fields.find((x) => x.name === 'title')).toMatchObject({
      inForm: true,
      required: true,
      maxLength: 120,
    });
    expect(e?.fields.find((x) => x.name === 'publishTime')?.format).toBe('date-time');
  }, 60_000);
});
