/**
 * The browsable API references, both tokenless and not operations of the contract (they document the contract
 * itself), both offline: nothing they load comes from another site.
 *
 * - `/api/docs`: Redoc, one self-contained page built from the bundle by `cd openapi && npm run generate`.
 * - `/api/docs/try`: Scalar's interactive reference, whose "try it" sends calls to this server. Its script ships
 *   inside @scalar/fastify-api-reference and is served from here; the page reads the bundle from
 *   `/api/docs/smart-api.json`, as the contract's own file, unparsed (parsing 2 MB at every start would slow it).
 *
 * Both sit under /api/docs, whose CSP admits their inline scripts by hash (src/http/security-headers.ts).
 */
import scalarReference, { type ApiReferenceConfiguration } from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { apiDocsPath, specPath } from '../spec';
import { fail } from '../util';

export const DOCS_ROUTE = '/api/docs';
export const TRY_ROUTE = `${DOCS_ROUTE}/try`;
export const SPEC_ROUTE = `${DOCS_ROUTE}/smart-api.json`;

/** A file read once, on its first request (the server starts without reading 6 MB it may never send). */
function lazyFile(file: () => string): () => Buffer | undefined {
  let content: Buffer | undefined;
  return () => {
    if (content) return content;
    const p = file();
    if (!existsSync(p)) return undefined;
    content = readFileSync(p);
    return content;
  };
}

const MISSING = 'API 文档未生成: 请在 openapi/ 下运行 npm run generate';

export async function registerApiReference(app: FastifyInstance): Promise<void> {
  const redoc = lazyFile(apiDocsPath);
  const bundle = lazyFile(specPath);

  const send = (reply: FastifyReply, body: Buffer | undefined, type: string) =>
    body
      ? reply.header('cache-control', 'no-cache').type(type).send(body)
      : reply.code(404).send(fail(404, MISSING));

  app.get(DOCS_ROUTE, async (_req, reply) => send(reply, redoc(), 'text/html; charset=utf-8'));
  app.get(SPEC_ROUTE, async (_req, reply) => send(reply, bundle(), 'application/json; charset=utf-8'));

  // The page's script reads more than the plugin's type declares (the agent): the object is typed as the plugin's
  // configuration plus that key.
  const configuration: Partial<ApiReferenceConfiguration> & { agent: { disabled: boolean } } = {
    url: SPEC_ROUTE,
    metaData: { title: 'Smart Console API · try it' },
    // offline and private: no web fonts from Scalar's servers, no usage reports, no proxy for the calls (they go
    // to this same origin, which the page's CSP allows and nothing else)
    withDefaultFonts: false,
    telemetry: false,
    // Scalar's cloud features (its AI agent, MCP generation, the developer toolbar's share and deploy) send the
    // contract to scalar.com: off
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    // its "Open API Client" buttons lead to client.scalar.com with this server's address; the client built into the
    // page ("Test Request") stays
    hideClientButton: true,
    // the access token typed into the page stays in the page: a shared browser must not keep it
    persistAuth: false,
    servers: [{ url: '/', description: 'This server' }],
    // every call carries the OAuth client; the contract's `clientBasic` scheme names the console's own (its
    // bundle sends the same), so "try it" works at once on the tokenless calls, the sign-in first of all
    authentication: {
      securitySchemes: { clientBasic: { username: 'saber', password: 'saber_secret' } },
    },
  };
  await app.register(scalarReference, { routePrefix: TRY_ROUTE, logLevel: 'warn', configuration });
}
