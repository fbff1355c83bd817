// Debian's chromium and the flags every headless run here needs (no sandbox as root; no background traffic,
// which this machine's closed network would refuse). Shared by the e2e tests and the benchmarks.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
