/**
 * `npm run check`: starts the reference server on a free port of 127.0.0.1 with a fresh PGlite data folder, runs
 * contract-check against it (seed login admin / admin in tenant 000000, admin / admin of tenant 100001 as the
 * other tenant of the isolation probe) and exits with the checker's code.
 * Extra arguments go to the checker (e.g. `npm run check -- --only param`).
 */
import { main } from '../src/cli';
import { referenceLogin, startReferenceServer } from '../src/reference-server';

const server = await startReferenceServer();
console.log(
  `reference server ${server.baseUrl} ready in ${server.readyMs} ms (${server.startMs} ms from spawn)`,
);
let code = 2;
try {
  code = await main([
    // the seed's second tenant attacks every row the checker creates (cross-tenant isolation)
    ...referenceLogin(server.baseUrl),
    '--junit',
    '.test-results/contract-check.junit.xml',
    ...process.argv.slice(2),
  ]);
} finally {
  await server.stop();
}
process.exit(code);
