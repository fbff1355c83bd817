// The declared entities, as the SDK's generator gets them (libs/api-sdk/scripts/write-entities.ts): `deriveEntities`
// of libs/api-sdk/src/manifest over the bundled contract. The deriver is loaded at generation time from the
// workspace, not imported: tools may not depend on the SDK (eslint.config.mjs, type:tooling), and the generator
// must read the very manifests the SDK generated. The names the generated code exports (`commentGroupEntity`,
// `entity.commentGroup`) are read from the generated files themselves.
import { workspaceRoot, type Tree } from '@nx/devkit';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readRequired } from '../shared/tree-files';

export const CONTRACT = 'openapi/dist/smart-api.json';
export const GENERATED_ENTITIES = 'libs/api-sdk/src/gen/entities';
const DERIVER = 'libs/api-sdk/src/manifest/derive.ts';
const GENERATE = 'run `npx nx run-many -t generate` first';

export interface LocalText {
  zh: string;
  en: string;
}

/**
 * What the generator reads of a manifest field: a subset of `EntityField` (libs/api-sdk/src/manifest/types.ts),
 * restated because tools may not import the SDK; the end-to-end test typechecks what is generated from it.
 */
export interface FieldFacts {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  format?: string;
  label?: LocalText;
  dict?: string;
  enum?: (string | number)[];
  inForm: boolean;
  required: boolean;
  readOnly: boolean;
  writeOnly?: true;
  items?: 'string';
  default?: string | number | boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  ref?: { entity: string; label: string; multiple: boolean; list: string };
}

/** What the generator reads of an entity manifest (`EntityManifestData`, same file). */
export interface EntityFacts {
  name: string;
  label: LocalText;
  /** The row's model type (`Post`), exported by @smart/api-sdk. */
  schema: string;
  operations: Partial<Record<'list' | 'detail' | 'submit' | 'save' | 'update' | 'remove', string>>;
  buttons: Partial<Record<'add' | 'edit' | 'delete' | 'view', string>>;
  fields: FieldFacts[];
  menu?: { path: string };
  tree?: { parent: string };
  columns?: string[];
}

/** A declared entity with the names its generated manifest goes by. */
export interface DeclaredEntity {
  facts: EntityFacts;
  /** `commentGroupEntity`, exported by @smart/api-sdk/entities. */
  constName: string;
  /** `commentGroup`: its labels are `entityCatalogue.zh.entity.commentGroup`. */
  catalogueKey: string;
}

interface Deriver {
  deriveEntities(doc: unknown): { entities: EntityFacts[]; errors: string[] };
}

async function loadDeriver(): Promise<Deriver> {
  const module = (await import(pathToFileURL(join(workspaceRoot, DERIVER)).href)) as Partial<Deriver>;
  if (typeof module.deriveEntities !== 'function')
    throw new Error(`entity-page: ${DERIVER} no longer exports deriveEntities`);
  return module as Deriver;
}

/** Every entity the contract in the tree declares. */
export async function declaredEntities(tree: Tree): Promise<EntityFacts[]> {
  const doc: unknown = JSON.parse(readRequired(tree, CONTRACT, `the bundled contract: ${GENERATE}`));
  const { entities, errors } = (await loadDeriver()).deriveEntities(doc);
  if (errors.length)
    throw new Error(
      `entity-page: the contract's entity declarations are malformed:\n  ${errors.join('\n  ')}`,
    );
  return entities;
}

/** The names the SDK's generated manifest of `facts` exports. */
export function generatedNames(tree: Tree, facts: EntityFacts): DeclaredEntity {
  const file = `${GENERATED_ENTITIES}/${facts.name}.ts`;
  const manifest = readRequired(tree, file, `the generated manifest of ${facts.name}: ${GENERATE}`);
  const index = readRequired(tree, `${GENERATED_ENTITIES}/index.ts`, GENERATE);
  const exported = new RegExp(`^export \\{ (\\w+) \\} from '\\./${facts.name}';$`, 'm').exec(index);
  const i18n = /^ {2}i18n: 'entity\.(\w+)',$/m.exec(manifest);
  if (!exported?.[1] || !i18n?.[1])
    throw new Error(
      `entity-page: ${file} and its index are not what libs/api-sdk/scripts/write-entities.ts writes; ${GENERATE}`,
    );
  return { facts, constName: exported[1], catalogueKey: i18n[1] };
}
