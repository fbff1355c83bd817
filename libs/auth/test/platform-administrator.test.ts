import { describe, expect, it } from 'vitest';
import { isPlatformAdministrator } from '../src';

describe('isPlatformAdministrator', () => {
  it('is the administrator alias in tenant 000000 only', () => {
    expect(isPlatformAdministrator({ tenant_id: '000000', role_name: 'administrator' })).toBe(true);
    expect(isPlatformAdministrator({ tenant_id: '000000', role_name: 'user,administrator' })).toBe(true);
    // a tenant's own administrator, or the alias in another tenant
    expect(isPlatformAdministrator({ tenant_id: '000000', role_name: 'admin' })).toBe(false);
    expect(isPlatformAdministrator({ tenant_id: '100001', role_name: 'administrator' })).toBe(false);
    // a longer alias that contains it is another role
    expect(isPlatformAdministrator({ tenant_id: '000000', role_name: 'administrators' })).toBe(false);
    expect(isPlatformAdministrator(null)).toBe(false);
  });
});
