import { describe, expect, it, vi } from 'vitest';
import { websiteFromEnv } from './website-env';

describe('websiteFromEnv', () => {
  it('leaves every mode at its default when nothing is set', () => {
    expect(websiteFromEnv({ MODE: 'production' })).toEqual({});
  });

  it('reads the three switches in the usual spellings', () => {
    expect(
      websiteFromEnv({ VITE_TENANT_MODE: 'true', VITE_CAPTCHA_MODE: '1', VITE_SWITCH_MODE: 'off' }),
    ).toEqual({ tenantMode: true, captchaMode: true, switchMode: false });
    expect(websiteFromEnv({ VITE_TENANT_MODE: ' YES ' })).toEqual({ tenantMode: true });
  });

  it('reports and ignores a value that is not yes or no', () => {
    const warn = vi.fn();
    expect(websiteFromEnv({ VITE_CAPTCHA_MODE: 'maybe' }, warn)).toEqual({});
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('VITE_CAPTCHA_MODE=maybe'));
  });
});
