// A new feature joins the console in the one place features are composed (docs/architecture.md §4):
// apps/console/src/features.ts imports its `feature` and lists it in `own`, and the console's package.json lists the
// package beside the other features.
import { updateJson, type Tree } from '@nx/devkit';
import ts from 'typescript';
import { applyInsertions, appendEntry, parseSource, walk, type Insertion } from '../shared/ts-source';
import { readRequired } from '../shared/tree-files';
import type { FeatureNames } from './names';

export const CONSOLE_FEATURES = 'apps/console/src/features.ts';
export const CONSOLE_PACKAGE = 'apps/console/package.json';
const FEATURE_IMPORT = '@smart/feature-';

const specifierOf = (node: ts.ImportDeclaration) => (node.moduleSpecifier as ts.StringLiteral).text;

/** The console's name for the feature: its key, unless features.ts already uses that name for something else. */
function localName(source: ts.SourceFile, key: string): string {
  const taken = new Set<string>();
  for (const node of walk(source)) if (ts.isIdentifier(node)) taken.add(node.text);
  return taken.has(key) ? `${key}Feature` : key;
}

/** The `own` list of features.ts: the features the console composes before the generic entity pages. */
function ownList(source: ts.SourceFile): ts.ArrayLiteralExpression {
  for (const node of walk(source)) {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || node.name.text !== 'own') continue;
    let init = node.initializer;
    while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
    if (init && ts.isArrayLiteralExpression(init)) return init;
  }
  throw new Error(
    `feature: ${CONSOLE_FEATURES} has no \`const own = [...]\` list of features; register the feature there by hand`,
  );
}

/** Imports the feature into features.ts (in the alphabetical place among the features) and lists it in `own`. */
export function registerInConsole(tree: Tree, n: FeatureNames): void {
  const text = readRequired(tree, CONSOLE_FEATURES, 'the console composes its features there');
  const source = parseSource(CONSOLE_FEATURES, text);
  const imports = source.statements.filter(ts.isImportDeclaration);
  if (imports.some((i) => specifierOf(i) === n.packageName))
    throw new Error(`feature: ${CONSOLE_FEATURES} already imports ${n.packageName}`);
  const name = localName(source, n.key);
  const line = `import { feature as ${name} } from '${n.packageName}';`;
  const features = imports.filter((i) => specifierOf(i).startsWith(FEATURE_IMPORT));
  const after = features.find((i) => specifierOf(i) > n.packageName);
  const anchor = features.at(-1) ?? imports.at(-1);
  const importAt: Insertion = after
    ? { at: after.getStart(), text: `${line}\n` }
    : anchor
      ? { at: anchor.getEnd(), text: `\n${line}` }
      : { at: 0, text: `${line}\n` };
  tree.write(CONSOLE_FEATURES, applyInsertions(text, [importAt, appendEntry(ownList(source), name)]));
}

/** Lists the package in the console's dependencies when the other features are listed there (they are today). */
export function addConsoleDependency(tree: Tree, n: FeatureNames): boolean {
  if (!tree.exists(CONSOLE_PACKAGE)) return false;
  let added = false;
  updateJson<{ dependencies?: Record<string, string> }>(tree, CONSOLE_PACKAGE, (pkg) => {
    const deps = pkg.dependencies ?? {};
    if (!Object.keys(deps).some((d) => d.startsWith(FEATURE_IMPORT))) return pkg;
    added = true;
    const sorted = Object.entries({ ...deps, [n.packageName]: '*' }).sort(([a], [b]) => (a < b ? -1 : 1));
    return { ...pkg, dependencies: Object.fromEntries(sorted) };
  });
  return added;
}
