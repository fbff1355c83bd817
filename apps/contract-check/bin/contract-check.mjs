#!/usr/bin/env node
// `npx contract-check …`: runs the TypeScript entry with tsx (no build step).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
