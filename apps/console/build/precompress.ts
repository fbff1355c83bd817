import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// Text assets worth compressing; images and fonts of the build are already compressed formats.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
// Below this size the encoding header costs about what it saves.
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Brotli (quality 11) and gzip (level 9) siblings of each compressible file of `dir`, kept only when smaller. */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; raw: number; br: number; gz: number }> {
  const total = { files: 0, raw: 0, br: 0, gz: 0 };
  for await (const file of files(dir)) {
    if ((await stat(file)).size < MIN_BYTES) continue;
    const body = await readFile(file);
    const [b, g] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(body, { level: 9 }),
    ]);
    total.files += 1;
    total.raw += body.length;
    if (b.length < body.length) {
      await writeFile(`${file}.br`, b);
      total.br += b.length;
    }
    if (g.length < body.length) {
      await writeFile(`${file}.gz`, g);
      total.gz += g.length;
    }
  }
  return total;
}

/**
 * Writes `.br` and `.gz` beside the build's text assets once the bundle is written. The reference server serves
 * them by the browser's Accept-Encoding (`@fastify/static` `preCompressed`), so no request pays for compression
 * and the highest brotli quality is affordable.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'smart:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info?.(`precompressed ${t.files} files: ${kb(t.raw)} → br ${kb(t.br)}, gz ${kb(t.gz)}`);
    },
  };
}
