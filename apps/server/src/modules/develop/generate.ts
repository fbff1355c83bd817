/**
 * The files a code config generates (openapi/paths/smart-develop/code.yaml `preview`), from its config and the
 * columns of its table: the contract (./gen-contract.ts), the server (./gen-server.ts) and a README of the steps.
 * Pure: reading the table is ./columns.ts's.
 */
import type { SourceTable } from './columns';
import { openapiSnippet, pathsYaml, schemaYaml } from './gen-contract';
import { buildModel, type GenConfig } from './gen-model';
import {
  appSnippet,
  drizzleTable,
  moduleFile,
  modulePath,
  plainEntitySnippet,
  readme,
  schemaIndexSnippet,
  seedMenuSnippet,
} from './gen-server';

export interface CodeFile {
  path: string;
  content: string;
}

export function generateFiles(cfg: GenConfig, table: SourceTable): CodeFile[] {
  const m = buildModel(cfg, table);
  const snippets = `snippets/${m.entity}`;
  const files: CodeFile[] = [
    { path: `openapi/schemas/${m.entity}.yaml`, content: schemaYaml(m) },
    { path: `openapi/paths/${m.service}/${m.entity}.yaml`, content: pathsYaml(m) },
    { path: `${snippets}/openapi.yaml`, content: openapiSnippet(m) },
    { path: `apps/server/src/db/schema-${m.kebab}.ts`, content: drizzleTable(m) },
    { path: `${snippets}/schema.ts`, content: schemaIndexSnippet(m) },
    ...(m.wrap
      ? [
          { path: modulePath(m), content: moduleFile(m) },
          { path: `${snippets}/app.ts`, content: appSnippet(m) },
        ]
      : [{ path: `${snippets}/plain-entities.ts`, content: plainEntitySnippet(m) }]),
    { path: `${snippets}/seed-menus.ts`, content: seedMenuSnippet(m) },
  ];
  const guide = {
    path: `${snippets}/README.md`,
    content: readme(
      m,
      files.map((f) => f.path),
    ),
  };
  return [guide, ...files];
}
