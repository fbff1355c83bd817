#!/usr/bin/env node
// UI benchmarks: (a) gzip size each @smart/ui export adds to a page, (b) DataTable render and scroll timing in
// chromium. Prints numbers, never pass/fail. Standalone: `node bench/ui/run.mjs`; also run by `npm run bench`.
import { uiRender } from './render.mjs';
import { uiSizes } from './sizes.mjs';

export async function uiBench() {
  await uiSizes();
  await uiRender();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  uiBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
