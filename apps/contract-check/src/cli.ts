import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LoginError } from './http';
import { junit, summaryLine, tables, totals, violationList } from './report';
import { Runner, type RunReport } from './runner';
import { defaultSpecPath, loadSpec } from './spec';

export const USAGE = `Usage: contract-check --base-url URL (--account A --password P | --token T) [options]

Logs in to a backend of the Smart Console contract, exercises every operation (lists, details, create → read
back → update → remove lifecycles, extras) with valid and invalid input, and checks the status, the envelope
and the schema of every answer. Operations answering 404 or 501 are listed as not implemented.

Options:
  --base-url URL       origin of the backend, e.g. http://127.0.0.1:8600 (paths start with /api/…)
  --tenant ID          tenant (Tenant-Id header), default 000000
  --account A          account to log in with (password grant)
  --password P         its password in clear text (sent as md5, as the console does)
  --token T            an access token obtained elsewhere (a server without the password grant), used instead
                       of logging in; the token and logout checks, which need sessions of their own, are then
                       not exercised. "--token -" reads it from the first line of stdin
  --client ID:SECRET   OAuth client of the Basic header, default saber:saber_secret
  --spec FILE          bundled contract (JSON), default the @smart/openapi bundle
  --only TAG,…         only these modules (tags)
  --peer-tenant ID     another tenant: with --peer-account and --peer-password, every row the checker creates
  --peer-account A     in a tenant-owned module is attacked from that tenant's session (list, detail, update,
  --peer-password P    remove); a leak or a change is a violation
  --peer-token T       the other tenant's session as a token instead of --peer-account and --peer-password
  --junit FILE         also write JUnit XML (one test case per check)
  --json FILE          also write the full report as JSON
  --timeout MS         per request, default 10000
  --concurrency N      resources exercised in parallel, default 4
  --quiet              only the summary line (and violations)
  -h, --help           this text

Exit codes: 0 no violation, 1 violations, 2 usage or login error.`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const defaultIo: CliIo = {
  out: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
};

/** The first line of stdin (a token piped in by a token command, kept out of the process list). */
async function readStdinLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split('\n')[0]!.trim();
}

/** Runs the CLI; resolves to the exit code. */
export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        'base-url': { type: 'string' },
        tenant: { type: 'string', default: '000000' },
        account: { type: 'string' },
        password: { type: 'string' },
        client: { type: 'string', default: 'saber:saber_secret' },
        spec: { type: 'string' },
        only: { type: 'string' },
        'peer-tenant': { type: 'string' },
        'peer-account': { type: 'string' },
        'peer-password': { type: 'string' },
        token: { type: 'string' },
        'peer-token': { type: 'string' },
        junit: { type: 'string' },
        json: { type: 'string' },
        timeout: { type: 'string', default: '10000' },
        concurrency: { type: 'string', default: '4' },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    io.err(`contract-check: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    io.out(USAGE);
    return 0;
  }
  const missing = (
    args.token ? (['base-url'] as const) : (['base-url', 'account', 'password'] as const)
  ).filter((k) => !args[k]);
  if (missing.length) {
    io.err(
      `contract-check: missing ${missing.map((m) => `--${m}`).join(', ')}${args.token ? '' : ' (or --token)'}\n\n${USAGE}`,
    );
    return 2;
  }
  if (!!args.account !== !!args.password) {
    io.err('contract-check: --account and --password go together');
    return 2;
  }
  if (args.token === '-') args.token = await readStdinLine();
  if (args['peer-token'] === '-') args['peer-token'] = await readStdinLine();
  if (args.token === '' || args['peer-token'] === '') {
    io.err('contract-check: the token is empty');
    return 2;
  }
  const timeoutMs = Number(args.timeout);
  const concurrency = Number(args.concurrency);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || !Number.isInteger(concurrency) || concurrency <= 0) {
    io.err('contract-check: --timeout and --concurrency take positive integers');
    return 2;
  }
  if (!/^https?:\/\//.test(args['base-url']!)) {
    io.err(`contract-check: --base-url must be an http(s) URL, got ${args['base-url']}`);
    return 2;
  }
  if (!args.client.includes(':')) {
    io.err('contract-check: --client takes ID:SECRET');
    return 2;
  }
  const peerLogin = !!(args['peer-account'] && args['peer-password']);
  const peerAny = [args['peer-tenant'], args['peer-account'], args['peer-password'], args['peer-token']].some(
    Boolean,
  );
  if (peerAny && !(args['peer-tenant'] && (peerLogin || args['peer-token']))) {
    io.err(
      'contract-check: --peer-tenant goes with --peer-account and --peer-password, or with --peer-token',
    );
    return 2;
  }
  const specFile = args.spec ?? defaultSpecPath();
  let doc;
  try {
    doc = loadSpec(specFile);
  } catch (err) {
    io.err(`contract-check: cannot read the contract ${specFile}: ${(err as Error).message}`);
    return 2;
  }

  const runner = new Runner({
    doc,
    baseUrl: args['base-url']!,
    tenant: args.tenant,
    account: args.account,
    password: args.password,
    token: args.token,
    client: args.client,
    only: args.only
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    peer: args['peer-tenant']
      ? {
          tenant: args['peer-tenant'],
          account: args['peer-account'],
          password: args['peer-password'],
          token: args['peer-token'],
        }
      : undefined,
    timeoutMs,
    concurrency,
    log: args.quiet ? undefined : io.out,
  });
  let report: RunReport;
  try {
    if (!args.quiet) io.out(`contract-check: ${specFile} against ${args['base-url']}`);
    report = await runner.run();
  } catch (err) {
    if (err instanceof LoginError) {
      io.err(`contract-check: ${err.message}`);
      return 2;
    }
    throw err;
  }
  if (args.only && report.ops.length === 0) {
    io.err(`contract-check: no operation is tagged ${args.only}`);
    return 2;
  }

  const t = totals(report);
  if (args.quiet) {
    if (t.violations) io.out(tables({ ops: report.ops.filter((o) => o.checks.some((c) => !c.ok)) }));
  } else io.out(tables(report));
  if (t.violations) io.out(violationList(report));
  io.out(
    `\n${summaryLine(report)} in ${(report.durationMs / 1000).toFixed(1)} s, ${report.requests} requests`,
  );
  for (const [file, text] of [
    [args.junit, () => junit(report)],
    [args.json, () => JSON.stringify(report, null, 2)],
  ] as const) {
    if (!file) continue;
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, text());
  }
  return t.violations > 0 ? 1 : 0;
}
