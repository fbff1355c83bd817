// The entry of the packed CLI (scripts/pack.mjs bundles it); in this repository bin/contract-check.mjs runs cli.ts.
import { main } from './cli';

process.exitCode = await main(process.argv.slice(2));
