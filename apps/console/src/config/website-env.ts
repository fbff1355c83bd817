// The website switches of docs/spec.md §6 (tenant, captcha and switch mode, all off by default) are chosen by whoever
// builds the console, as upstream's website config file was: `VITE_TENANT_MODE=true npm start`.
import type { Website } from '@smart/auth';

type Switch = 'tenantMode' | 'captchaMode' | 'switchMode';

const VARIABLES: Record<Switch, string> = {
  tenantMode: 'VITE_TENANT_MODE',
  captchaMode: 'VITE_CAPTCHA_MODE',
  switchMode: 'VITE_SWITCH_MODE',
};

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off', '']);

/**
 * The switches set in `env` (Vite's `import.meta.env`). An unreadable value is reported and ignored, so a typo
 * leaves the default rather than half-enabling a mode.
 */
export function websiteFromEnv(
  env: Record<string, unknown>,
  warn: (message: string) => void = console.warn,
): Partial<Pick<Website, Switch>> {
  const out: Partial<Pick<Website, Switch>> = {};
  for (const [key, variable] of Object.entries(VARIABLES) as [Switch, string][]) {
    const raw = env[variable];
    if (raw === undefined) continue;
    const value = String(raw).trim().toLowerCase();
    if (TRUE.has(value)) out[key] = true;
    else if (FALSE.has(value)) out[key] = false;
    else warn(`${variable}=${String(raw)} is not a yes/no value; ${key} keeps its default`);
  }
  return out;
}
