import { describe, expect, it } from 'vitest';
import { toRegisterOptions } from './crud-form-dialog';

const t = (key: string) => (key === 'rules.match' ? '两次输入密码不一致!' : key);
const required = (label: string) => `请输入${label}`;

describe('column rules as form rules', () => {
  it('a validate rule sees the other fields and answers its message translated, or passes', () => {
    const options = toRegisterOptions(
      { prop: 'password2', label: '确认密码' },
      { validate: (value, values) => (value === values['password'] ? undefined : 'rules.match') },
      t,
      required,
    );
    const validate = options.validate as (value: unknown, values: Record<string, unknown>) => unknown;
    expect(validate('a', { password: 'b' })).toBe('两次输入密码不一致!');
    expect(validate('b', { password: 'b' })).toBe(true);
  });

  it('required, lengths and patterns keep their messages', () => {
    const options = toRegisterOptions(
      { prop: 'email', label: '电子邮箱' },
      { required: true, max: 45, pattern: { value: /@/, message: 'rules.email' } },
      t,
      required,
    );
    expect(options.required).toBe('请输入电子邮箱');
    expect(options.maxLength).toEqual({ value: 45, message: '电子邮箱 ≤ 45' });
    expect(options.pattern).toEqual({ value: /@/, message: 'rules.email' });
    expect(options.validate).toBeUndefined();
  });
});
