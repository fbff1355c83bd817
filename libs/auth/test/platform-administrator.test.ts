import { describe, expect, it } from 'vitest';
import { isAdministratorLogin, isPlatformAdministrator } from '../src';

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

describe('isAdministratorLogin', () => {
  it('is the platform’s or a tenant’s administrator alias', () => {
    expect(isAdministratorLogin({ role_name: 'administrator' })).toBe(true);
    expect(isAdministratorLogin({ role_name: 'user,admin' })).toBe(true);
    expect(isAdministratorLogin({ role_name: 'operator' })).toBe(false);
    expect(isAdministratorLogin({ role_name: 'admins' })).toBe(false);
    expect(isAdministratorLogin(undefined)).toBe(false);
  });
});
