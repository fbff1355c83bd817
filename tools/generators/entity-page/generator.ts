// `npx nx g @smart/tools:entity-page <entity> --feature=<feature>`: a declared entity's page in a feature library
// (resource, page, page test) and its route, taking over the path from the kit's generic page.
import { formatFiles, joinPathFragments, logger, type Tree } from '@nx/devkit';
import { FEATURES_DIR } from '../shared/names';
import { readRequired } from '../shared/tree-files';
import { declaredEntities, generatedNames, type EntityFacts } from './entities';
import { pageFile, pageNames, resourceFile } from './page-files';
import { pageTestFile } from './page-test';
import { featureIndex, featureRouting, withRoute } from './routes';
import { testPlan } from './test-plan';

export interface EntityPageOptions {
  /** The entity as the contract's tag names it (`comment_group`), the `name` of its manifest. */
  entity: string;
  /** The feature library (folder under libs/features) that serves the page. */
  feature: string;
}

function findEntity(entities: EntityFacts[], name: string): EntityFacts & { menu: { path: string } } {
  const entity = entities.find((e) => e.name === name);
  if (!entity) {
    const near = entities.filter((e) => e.name.includes(name) || name.includes(e.name)).map((e) => e.name);
    throw new Error(
      `entity-page: the contract declares no entity "${name}" (a tag with x-entity)` +
        (near.length ? `; did you mean ${near.join(', ')}?` : ''),
    );
  }
  if (!entity.menu)
    throw new Error(
      `entity-page: ${name} has no menu (x-entity.menu) and so no path to route a page to; declare its menu in the contract first`,
    );
  return entity as EntityFacts & { menu: { path: string } };
}

export async function entityPageGenerator(tree: Tree, options: EntityPageOptions): Promise<void> {
  const index = featureIndex(options.feature);
  if (!tree.exists(index))
    throw new Error(
      `entity-page: no feature library "${options.feature}" (${index} is missing); existing: ${tree.children(FEATURES_DIR).join(', ')}; ` +
        `\`npx nx g @smart/tools:feature ${options.feature}\` makes one`,
    );
  const entities = await declaredEntities(tree);
  const facts = findEntity(entities, options.entity);
  const path = facts.menu.path;
  const routing = featureRouting(tree, path);
  if (routing)
    throw new Error(
      `entity-page: ${path} is already routed by the ${routing} feature (${featureIndex(routing)})`,
    );
  const entity = generatedNames(tree, facts);
  const n = pageNames(facts.name);
  const dir = joinPathFragments(FEATURES_DIR, options.feature, 'src', n.dir);
  if (tree.exists(dir)) throw new Error(`entity-page: ${dir} already exists`);

  const plan = testPlan(facts, entities);
  const command = `nx g @smart/tools:entity-page ${facts.name} --feature=${options.feature}`;
  tree.write(joinPathFragments(dir, `${n.dir}.resource.ts`), resourceFile(entity, n));
  tree.write(joinPathFragments(dir, `${n.page}.tsx`), pageFile(n));
  tree.write(joinPathFragments(dir, `${n.page}.test.tsx`), pageTestFile(entity, plan, n, command));
  const text = readRequired(tree, index, 'the feature exports its routes there');
  tree.write(index, withRoute(index, text, path, `./${n.dir}/${n.page}`));
  await formatFiles(tree);

  logger.info(
    `entity-page: ${facts.name} (${path}) served by ${options.feature}: ${dir}, route added to ${index}`,
  );
  if ('omitted' in plan.add)
    logger.warn(
      `entity-page: ${n.page}.test.tsx has no add test: ${plan.add.omitted}; write that one by hand`,
    );
}

export default entityPageGenerator;
