import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tokens, type IdentityClaims } from './tokens';

const identity = {
  sid: 's1',
  client_id: 'saber',
  user_id: '1',
  tenant_id: '000000',
  dept_id: '1',
  role_id: '1',
} as unknown as IdentityClaims;

const tokens = () => new Tokens(new TextEncoder().encode('a-test-signing-key-of-32-bytes!!'));

describe('Tokens.verify', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims for a token presented again, and only for its own type', async () => {
    const t = tokens();
    const { token, jti } = await t.sign(identity, 'access_token', 60);
    const first = await t.verify(token, 'access_token');
    expect(first).toMatchObject({ jti, user_id: '1', token_type: 'access_token' });
    expect(await t.verify(token, 'access_token')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(await t.verify(token, 'refresh_token')).toBeUndefined();
  });

  it('refuses a token that expires after it was first checked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = tokens();
    const { token } = await t.sign(identity, 'access_token', 5);
    expect(await t.verify(token, 'access_token')).toBeDefined();
    vi.setSystemTime(Date.now() + 6_000);
    expect(await t.verify(token, 'access_token')).toBeUndefined();
  });

  it('refuses a changed signature, another key and garbage, also after the genuine token was seen', async () => {
    const t = tokens();
    const { token } = await t.sign(identity, 'access_token', 60);
    await t.verify(token, 'access_token');
    // change the signature's first character: its last one also carries padding bits (43 base64url characters
    // for 32 bytes), which a decoder may drop, so changing only those can leave the signature as it was
    const at = token.lastIndexOf('.') + 1;
    const changed = token[at] === 'A' ? 'B' : 'A';
    expect(
      await t.verify(`${token.slice(0, at)}${changed}${token.slice(at + 1)}`, 'access_token'),
    ).toBeUndefined();
    const other = new Tokens(new TextEncoder().encode('another-key-of-thirty-two-bytes!'));
    expect(await other.verify(token, 'access_token')).toBeUndefined();
    expect(await t.verify('not.a.jwt', 'access_token')).toBeUndefined();
  });
});
