// Edits of TypeScript sources located with the TypeScript parser but applied as text insertions, so everything the
// generator does not touch (comments, blank lines, the author's layout) stays byte for byte; formatFiles then lays
// out the inserted text as Prettier would.
import ts from 'typescript';

export function parseSource(path: string, text: string): ts.SourceFile {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

export interface Insertion {
  at: number;
  text: string;
}

/** Applies insertions given in any order (from the last position back, so earlier offsets stay valid). */
export function applyInsertions(text: string, insertions: Insertion[]): string {
  return [...insertions]
    .sort((a, b) => b.at - a.at)
    .reduce((out, { at, text: piece }) => out.slice(0, at) + piece + out.slice(at), text);
}

/** The insertion that appends `entry` to an object or array literal, whatever its trailing comma. */
export function appendEntry(
  node: ts.ObjectLiteralExpression | ts.ArrayLiteralExpression,
  entry: string,
): Insertion {
  const items: ts.NodeArray<ts.Node> = ts.isArrayLiteralExpression(node) ? node.elements : node.properties;
  const last = items.at(-1);
  // `[a, b]` → `[a, b, entry]`; `[a, b,]` → `[a, b, entry,]` (the old trailing comma now follows `entry`)
  if (last) return { at: last.getEnd(), text: `, ${entry}` };
  return { at: node.getEnd() - 1, text: entry };
}

/** The text of a property name or a string key (`name`, `'name'`, `"/a/b"`), undefined for computed ones. */
export function keyText(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))
    return name.text;
  return undefined;
}

/** The `key: value` property of an object literal. */
export function property(node: ts.ObjectLiteralExpression, key: string): ts.PropertyAssignment | undefined {
  return node.properties.find(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && keyText(p.name) === key,
  );
}

/** Every node of the file, depth first. */
export function* walk(node: ts.Node): Generator<ts.Node> {
  yield node;
  for (const child of node.getChildren()) yield* walk(child);
}
