// Makes the Redoc page Redocly built (dist/api-docs.html) load nothing from another site: its only outside load is
// Redocly's logo in the sidebar's attribution, from cdn.redoc.ly. The page hides that image when it fails to load,
// so its address becomes an empty data URL (the attribution's text and link stay). The server serves the page under
// a CSP that admits nothing else (apps/server/src/http/security-headers.ts); the end-to-end run checks that the page
// makes no outside request (apps/console-e2e/tests/api-reference.spec.ts).
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../dist/api-docs.html', import.meta.url);
const html = readFileSync(file, 'utf8');
const CDN = /https:\/\/cdn\.redoc\.ly\/[^`'"\s)]*/g;
const found = html.match(CDN) ?? [];
writeFileSync(file, html.replace(CDN, 'data:,'));
console.log(`offline-docs: ${found.length} address(es) of cdn.redoc.ly replaced in dist/api-docs.html`);
