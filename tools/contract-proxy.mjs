// A validating proxy: forwards every request to a server and checks each JSON answer of a contract operation
// against the bundled contract with a validator that is not ours (express-openapi-validator), so that an answer
// the contract does not describe is found whoever wrote the check that caused it. The end-to-end tests and
// contract-check send their traffic through it (`npm test`); their runs fail when it recorded a mismatch.
//
//   node tools/contract-proxy.mjs --upstream http://127.0.0.1:8601 --port 8600 --report mismatches.json
//
// The report is rewritten after every checked answer: `{ checked, mismatches: [{ method, url, status, errors }] }`.
// Listens on 127.0.0.1 only; stops with its parent (SIGTERM) or when stdin closes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';

const { values: args } = parseArgs({
  options: {
    upstream: { type: 'string' },
    port: { type: 'string' },
    report: { type: 'string' },
    spec: { type: 'string' },
  },
});
if (!args.upstream || !args.port || !args.report) {
  console.error('usage: contract-proxy --upstream URL --port N --report FILE [--spec smart-api.json]');
  process.exit(2);
}
const upstream = args.upstream.replace(/\/$/, '');
const specPath = args.spec ?? createRequire(import.meta.url).resolve('@smart/openapi/smart-api.json');

let checked = 0;
const mismatches = [];
mkdirSync(dirname(args.report), { recursive: true });
const writeReport = () => writeFileSync(args.report, JSON.stringify({ checked, mismatches }, null, 2));
writeReport();

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
// the raw request, forwarded as it came
app.use(express.raw({ type: () => true, limit: '100mb' }));
app.use(
  OpenApiValidator.middleware({
    apiSpec: specPath,
    validateRequests: false,
    validateSecurity: false,
    validateFormats: false,
    // bodies pass as they came (express.raw above): no multipart parsing here
    fileUploader: false,
    // only the contract's operations: the console's pages and assets pass unchecked
    ignorePaths: (path) => !path.startsWith('/api/smart-'),
    ignoreUndocumented: true,
    validateResponses: {
      onError: (error, body, req) => {
        mismatches.push({
          method: req.method,
          url: req.originalUrl,
          status: req.res?.statusCode,
          errors: (error.errors ?? [{ message: error.message }]).map((e) => `${e.path ?? ''} ${e.message}`),
          body: JSON.stringify(body).slice(0, 500),
        });
        writeReport();
      },
    },
  }),
);

const HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'host',
]);

app.use(async (req, res) => {
  // PROXY_DEBUG=1 lists each request with the start of its body on stderr (a flow's calls, in order)
  if (process.env.PROXY_DEBUG)
    console.error('proxy', req.method, req.originalUrl, req.body?.toString?.('utf8').slice(0, 200) ?? '');
  const headers = Object.fromEntries(
    Object.entries(req.headers).filter(([k, v]) => !HOP.has(k) && typeof v === 'string'),
  );
  // answers come back whole and uncompressed: the validator reads the JSON, the browser gets it as sent
  headers['accept-encoding'] = 'identity';
  let answer;
  try {
    answer = await fetch(`${upstream}${req.originalUrl}`, {
      method: req.method,
      headers,
      body: ['GET', 'HEAD'].includes(req.method) || !req.body?.length ? undefined : req.body,
      redirect: 'manual',
    });
  } catch (e) {
    res.status(502).json({ code: 502, success: false, msg: `contract-proxy: ${e.message}`, data: null });
    return;
  }
  res.status(answer.status);
  for (const [k, v] of answer.headers) if (!HOP.has(k) && k !== 'set-cookie') res.setHeader(k, v);
  const cookies = answer.headers.getSetCookie?.() ?? [];
  if (cookies.length) res.setHeader('set-cookie', cookies);
  const raw = Buffer.from(await answer.arrayBuffer());
  const type = answer.headers.get('content-type') ?? '';
  if (req.originalUrl.startsWith('/api/smart-') && type.includes('application/json') && raw.length) {
    let body;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      body = undefined;
    }
    if (body !== undefined) {
      checked++;
      // res.json is where the validator checks the answer against the operation's declared responses
      res.json(body);
      writeReport();
      return;
    }
  }
  res.end(raw);
});

// long query strings (a remove of many ids) fit, as they do at the reference server (apps/server/src/app.ts)
const server = createServer({ maxHeaderSize: 64 * 1024 }, app).listen(Number(args.port), '127.0.0.1', () =>
  console.log(`contract-proxy: 127.0.0.1:${args.port} → ${upstream}, report ${args.report}`),
);
const stop = () => {
  writeReport();
  server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
