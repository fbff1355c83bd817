// A devkit virtual tree holding copies of the real workspace files the generators read (the bundled contract, the
// generated entity manifests, the console's composition, Prettier's settings), so unit tests run the generators on
// today's contract without touching the disk.
import { workspaceRoot, type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACT, GENERATED_ENTITIES } from '../entity-page/entities';
import { CONSOLE_FEATURES, CONSOLE_PACKAGE } from '../feature/register';

const real = (path: string) => readFileSync(join(workspaceRoot, path), 'utf8');

const copied = [
  CONTRACT,
  CONSOLE_FEATURES,
  CONSOLE_PACKAGE,
  ...readdirSync(join(workspaceRoot, GENERATED_ENTITIES)).map((file) => `${GENERATED_ENTITIES}/${file}`),
];
const contents = new Map(copied.map((path) => [path, real(path)]));

/** The virtual workspace, plus copies of `extra` real files (another feature's index, say). */
export function virtualWorkspace(...extra: string[]): Tree {
  const tree = createTreeWithEmptyWorkspace({ formatter: 'prettier' });
  // formatFiles reads the Prettier settings a generator run changed from the tree: the workspace's own
  tree.write('.prettierrc', real('.prettierrc.json'));
  // and its ignore list, which leaves the copied contract and generated manifests alone (formatFiles formats every
  // file of the tree that differs from the disk's, copies included)
  tree.write('.prettierignore', real('.prettierignore'));
  for (const [path, text] of contents) tree.write(path, text);
  for (const path of extra) tree.write(path, real(path));
  return tree;
}

/** A real file's text, to compare a generated one with. */
export const realFile = real;

/** The text of a file of the tree, failing the test when it is missing. */
export function read(tree: Tree, path: string): string {
  const text = tree.read(path, 'utf-8');
  if (text === null) throw new Error(`${path} was not written`);
  return text;
}
