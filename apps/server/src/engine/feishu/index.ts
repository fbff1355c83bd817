/**
 * The Feishu (Lark) adapter (docs/automation-domain.md §3.3): the open-platform client (./client.ts: token cache and
 * refresh, rate-limit back-off, timeouts), its errors (./errors.ts), ranges and cell texts (./cells.ts), and which app
 * a server talks to — configured, simulated or none (./binding.ts).
 */
export * from './binding';
export * from './bot';
export * from './cells';
export * from './client';
export * from './errors';
