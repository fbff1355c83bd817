// The bundle's files in dist/, shared by the finishing steps: finish-bundle.mjs reads and writes them once for all
// steps, and a step run alone (`node scripts/<step>.mjs`) reads and writes them itself.
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parse, stringify } from 'yaml';

export const dist = new URL('../dist/', import.meta.url);

/** The parsed dist/smart-api.yaml. */
export const readBundle = () => parse(readFileSync(new URL('smart-api.yaml', dist), 'utf8'));

/** Writes the 3.1 bundle as dist/smart-api.yaml and .json. */
export function writeBundle(doc) {
  writeFileSync(new URL('smart-api.yaml', dist), stringify(doc, { lineWidth: 0 }));
  writeFileSync(new URL('smart-api.json', dist), JSON.stringify(doc, null, 2) + '\n');
}

/** Whether the module at `url` is the script node was started with (Node 20 has no `import.meta.main`). */
export function isMain(url) {
  if (!process.argv[1]) return false;
  try {
    // import.meta.url names the real file; argv[1] may go through a symbolic link
    return url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}
