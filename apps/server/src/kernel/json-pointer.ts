/**
 * The value at a JSON pointer (RFC 6901) in `root`, or undefined where a step is missing: Ajv's `instancePath`
 * (`''` is the root, `/items/0/publishTime`) and a local `$ref` (`#` is the root, `#/components/schemas/User`).
 * `~1` and `~0` are unescaped; the `#` form is not percent-decoded, as the contract's references and the ones
 * openapi-glue writes are plain names. Only own properties count (a pointer never reaches `constructor` or an
 * array's `length`), and an array step is an index without leading zeros.
 */
export function pointerGet(root: unknown, pointer: string): unknown {
  const path = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (path === '') return root;
  // `#name` is an anchor, not a pointer
  if (!path.startsWith('/')) return undefined;
  let node = root;
  for (const raw of path.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      if (!/^(?:0|[1-9]\d*)$/.test(key)) return undefined;
      node = node[Number(key)];
    } else if (typeof node === 'object' && node !== null && Object.hasOwn(node, key)) {
      node = (node as Record<string, unknown>)[key];
    } else {
      return undefined;
    }
  }
  return node;
}
