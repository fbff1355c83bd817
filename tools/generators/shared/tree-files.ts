import type { Tree } from '@nx/devkit';

/** The text of a workspace file the generator needs, or an error that says what to do when it is missing. */
export function readRequired(tree: Tree, path: string, hint: string): string {
  const text = tree.read(path, 'utf-8');
  if (text === null) throw new Error(`${path} does not exist: ${hint}`);
  return text;
}
