/**
 * The code generator's files for a sample table, dropped into the repository as their README says, pass the entity
 * conformance suite (src/test/entity-conformance.ts) like every hand-declared entity: the contract files added to a
 * copy of openapi/, the generated Drizzle table loaded and created by its migration diff, and the entity served
 * by the generic module as a PLAIN_ENTITY_TABLES line (README step 2) adds it. Typechecking and linting the same
 * files is ./generate.test.ts.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { entityConformance, writableEntities } from '../../test/entity-conformance';
import { bundleWithGenerated, createTables, loadGeneratedTables } from '../../test/generated-entity';
import { CONFIG, TABLE } from '../../test/generator-sample';
import { backends } from '../../test/harness';
import { generateFiles } from './generate';

const files = generateFiles(CONFIG, TABLE);
// built when the file is collected: the suite's tests are declared per entity of this contract
const { doc, dir } = bundleWithGenerated(files, 'gen_article');
const tables = await loadGeneratedTables(files, dir);
const entities = writableEntities(doc).filter((e) => e.name === 'gen_article');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a generated entity', () => {
  it('is declared by the generated contract files and has its table', () => {
    expect(entities.map((e) => e.name)).toEqual(['gen_article']);
    expect(Object.keys(tables)).toEqual(['genArticle']);
  });
});

describe.each(backends)('generated entity conformance on %s', (kind) => {
  entityConformance(kind, doc, entities, {
    spec: doc,
    plainTables: { gen_article: tables.genArticle! },
    prepare: (handle) => createTables(handle.db, tables),
  });
});
