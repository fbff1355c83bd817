import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../src';
import { sha256HexSync } from '../src/sha256';

describe('sha256', () => {
  it('matches the FIPS 180-2 vectors (pure and Web Crypto)', async () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(sha256HexSync('abc')).toBe(abc);
    expect(await sha256Hex('abc')).toBe(abc);
    expect(sha256HexSync('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const long = 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq';
    expect(sha256HexSync(long)).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
    expect(sha256HexSync('锁屏密码')).toBe(await sha256Hex('锁屏密码'));
  });
});
