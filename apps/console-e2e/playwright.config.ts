import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromiumArgs, chromiumPath } from '@smart/tools/chromium';

// The reference server on a fresh embedded database serves the built console and /api, exactly as `npm start` does,
// on the port after the tests' own; the browser talks to it through the validating proxy (tools/contract-proxy.mjs)
// on the tests' port, which checks every answer against the contract with a third-party validator. The teardown
// (contract-proxy-teardown.ts) fails the run on a mismatch. The data folder is created once here (workers inherit
// the environment).
const port = Number(process.env['E2E_PORT'] ?? 18600);
const serverPort = port + 1;
process.env['E2E_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'smart-e2e-'));
const here = import.meta.dirname;
export const proxyReport = resolve(here, '.test-results/contract-proxy.json');

export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    // A failed test keeps its trace (actions, DOM snapshots, network), without the screencast: recording the
    // screencast for every test, passed or not, cost Chromium's GPU and browser processes 40 % of the run's CPU on
    // two cores (52 + 30 s → 11 + 20 s for four specs) and the tests 14 % of their time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  globalTeardown: './contract-proxy-teardown.ts',
  webServer: [
    {
      // the server as `npm start` runs it: its bundle (built by the e2e target's dependency on ^build)
      command: 'sh serve.sh dist/main.mjs',
      cwd: resolve(here, '../server'),
      url: `http://127.0.0.1:${serverPort}/login`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env['E2E_DATA_DIR'],
        CONSOLE_DIST: resolve(here, '../console/dist'),
        DATABASE_URL: '',
        // the fake Alipay / WeChat Pay gateways, as `npm start` has them: the pay page completes real orders
        PAY_SANDBOX: '1',
        // the simulated Yingdao and chat model, as `npm start` has them; robots a little faster than an operator's
        ENGINE_SANDBOX: '1',
        ENGINE_SANDBOX_PACE_MS: '200',
        // the sandbox's SMTP mailbox (read at /sandbox-mail/), beside the test servers' ports
        SANDBOX_SMTP_PORT: String(port + 2),
      },
    },
    {
      command: `node ../../tools/contract-proxy.mjs --upstream http://127.0.0.1:${serverPort} --port ${port} --report ${proxyReport}`,
      cwd: here,
      url: `http://127.0.0.1:${port}/login`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
