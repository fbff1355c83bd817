// `build` of @smart/server (after the type check): the server as one ES module, dist/main.mjs, which `npm start`
// runs with plain Node. Running the sources through tsx instead keeps a loader thread with its own V8 heap and
// esbuild's service in the process: about 40 MB of resident memory and a slower start, for nothing in service.
// Dependencies stay external (resolved from node_modules at run time, as with tsx); only our code is bundled,
// including the workspace's own packages (@smart/api-sdk's entity manifests, src/crud/entities.ts): they export
// TypeScript sources, which plain Node cannot load.
import { build } from 'esbuild';

const npmExternal = {
  name: 'npm-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@smart/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [npmExternal],
  // stack traces in the log map back to src/ with `node --enable-source-maps`
  sourcemap: 'linked',
  logLevel: 'warning',
});
