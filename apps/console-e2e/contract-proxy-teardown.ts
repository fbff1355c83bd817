import { existsSync, readFileSync } from 'node:fs';
import { proxyReport } from './playwright.config';

/** Fails the run when the validating proxy found an answer the contract does not describe (playwright.config.ts). */
export default function contractProxyTeardown(): void {
  if (!existsSync(proxyReport)) throw new Error(`contract-proxy wrote no report at ${proxyReport}`);
  const { checked, mismatches } = JSON.parse(readFileSync(proxyReport, 'utf8')) as {
    checked: number;
    mismatches: { method: string; url: string; status: number; errors: string[] }[];
  };
  console.log(
    `contract-proxy: express-openapi-validator checked ${checked} answers, ${mismatches.length} mismatches`,
  );
  if (mismatches.length)
    throw new Error(
      `answers the contract does not describe:\n${mismatches
        .map((m) => `  ${m.method} ${m.url} → HTTP ${m.status}: ${m.errors.join('; ')}`)
        .join('\n')}`,
    );
}
