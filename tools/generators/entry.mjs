// What Nx loads for `nx g @smart/tools:<generator>` (generators.json). Nx requires a generator's module, and on Node 20
// it can compile TypeScript only through @swc-node/register or ts-node, which the workspace does not install: tsx
// (already a dev dependency) compiles the TypeScript sources here instead.
import { tsImport } from 'tsx/esm/api';

export async function feature(tree, options) {
  const { featureGenerator } = await tsImport('./feature/generator.ts', import.meta.url);
  return featureGenerator(tree, options);
}

export async function entityPage(tree, options) {
  const { entityPageGenerator } = await tsImport('./entity-page/generator.ts', import.meta.url);
  return entityPageGenerator(tree, options);
}
