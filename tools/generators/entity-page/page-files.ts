// The resource declaration and the page of one declared entity, as libs/features/system/src/post/ has them: the
// manifest compiled by `defineResource(entity, { …only what differs })` and the SDK adapter, the kit's CrudPage.
import { kebab, pascal } from '../shared/names';
import { resourcePatches } from './controls';
import type { DeclaredEntity } from './entities';

/** Folder, file and export names of an entity's page in a feature. */
export interface PageNames {
  /** `comment-group`: folder and resource file. */
  dir: string;
  /** `CommentGroupPage`. */
  page: string;
  /** `commentGroupResource`, `commentGroupAdapter`. */
  resource: string;
  adapter: string;
}

export function pageNames(entityName: string): PageNames {
  const dir = kebab(entityName);
  const base = pascal(entityName);
  const lower = base.charAt(0).toLowerCase() + base.slice(1);
  return { dir, page: `${base}Page`, resource: `${lower}Resource`, adapter: `${lower}Adapter` };
}

/** The overrides that keep the page what the generic page of the manifest was (libs/crud/src/entity-page.tsx). */
function overrides(entity: DeclaredEntity): string {
  const { dropped, listOnly } = resourcePatches(entity.facts);
  if (!dropped.length && !listOnly.length) return '{}';
  const lines = ['{', '  columns: {'];
  if (dropped.length) {
    lines.push(
      '    // objects and lists of objects have no generic control (the generic page leaves them out too)',
    );
    for (const name of dropped) lines.push(`    ${name}: false,`);
  }
  if (listOnly.length) {
    lines.push(
      "    // nothing of it is a form field: the list shows the contract's columns (x-entity.columns), read-only",
    );
    for (const name of listOnly) lines.push(`    ${name}: {},`);
  }
  lines.push('  },', '}');
  return lines.join('\n');
}

export function resourceFile(entity: DeclaredEntity, n: PageNames): string {
  const { facts, constName } = entity;
  return `import { ${constName} } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The ${facts.label.en.toLowerCase()} page (${facts.menu?.path ?? ''}), all from the contract (tag \`${facts.name}\`).
 * State here only what differs from it (libs/features/system/src/post/post.resource.ts).
 */
export const ${n.resource} = defineResource(${constName}, ${overrides(entity)});

export const ${n.adapter} = entityAdapter(${constName});
`;
}

export function pageFile(n: PageNames): string {
  return `import { CrudPage } from '@smart/crud';
import { ${n.adapter}, ${n.resource} } from './${n.dir}.resource';

export default function ${n.page}() {
  return <CrudPage resource={${n.resource}} adapter={${n.adapter}} />;
}
`;
}
