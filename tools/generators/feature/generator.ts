// `npx nx g @smart/tools:feature <name>`: a new feature library (libs/features/<name>) composed into the console.
import {
  formatFiles,
  installPackagesTask,
  joinPathFragments,
  logger,
  type GeneratorCallback,
  type Tree,
} from '@nx/devkit';
import { words } from '../shared/names';
import { featureFiles } from './files';
import { featureNames, type FeatureNames } from './names';
import { addConsoleDependency, CONSOLE_FEATURES, CONSOLE_PACKAGE, registerInConsole } from './register';

export interface FeatureOptions {
  /** The domain: folder, package suffix, `domain:` tag. */
  name: string;
  /** package.json description. */
  description?: string;
  /** Leave `npm install` (which links the new package into node_modules) to the caller. */
  skipInstall?: boolean;
}

/**
 * A new workspace package is not in node_modules until npm links it: the console's import of it resolves only then.
 * The callback runs after the files are written, as Nx runs generator callbacks.
 */
function linkPackage(tree: Tree, n: FeatureNames, skip: boolean): GeneratorCallback {
  return () => {
    if (skip) {
      logger.info(`feature: npm install skipped: run it to link ${n.packageName} into node_modules`);
      return;
    }
    logger.info(`feature: running npm install to link ${n.packageName} into node_modules (a new workspace)`);
    installPackagesTask(tree, true);
    logger.info(`feature: npm install done: node_modules/${n.packageName} → ${n.root}`);
  };
}

export async function featureGenerator(tree: Tree, options: FeatureOptions): Promise<GeneratorCallback> {
  const n = featureNames(options.name);
  if (tree.exists(n.root)) throw new Error(`feature: ${n.root} already exists`);
  const description =
    options.description ?? `The ${words(n.name)} pages: resource declarations, route registry, catalogues`;
  for (const [file, content] of Object.entries(featureFiles(n, description)))
    tree.write(joinPathFragments(n.root, file), content);
  registerInConsole(tree, n);
  const listed = addConsoleDependency(tree, n);
  await formatFiles(tree);
  logger.info(
    `feature: ${n.packageName} in ${n.root}, imported and listed in ${CONSOLE_FEATURES}` +
      (listed ? `, a dependency of ${CONSOLE_PACKAGE}` : ''),
  );
  return linkPackage(tree, n, options.skipInstall ?? false);
}

export default featureGenerator;
