import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, parsePasswordHash, PBKDF2_ITERATIONS, PBKDF2_MAX_ITERATIONS, verifyPassword } from '../../../worker/identity/password';

describe('password hashing (PBKDF2-SHA256)', () => {
  it('stays within the 100,000-iteration cap of the Workers runtime', () => {
    expect(PBKDF2_MAX_ITERATIONS).toBe(100_000);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it('round-trips, with salt and parameters stored beside the hash', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await hashPassword('correct horse battery')).not.toBe(stored);
  });

  it('refuses to hash above the cap and treats such a stored hash as not matching', async () => {
    await expect(hashPassword('x', 100_001)).rejects.toThrow(RangeError);
    const weak = await hashPassword('secret pass', 1000);
    const tampered = weak.replace('$1000$', '$200000$');
    expect(await verifyPassword('secret pass', tampered)).toBe(false);
  });

  it('verifies hashes made with fewer iterations and asks for a re-hash', async () => {
    const weak = await hashPassword('secret pass', 1000);
    expect(parsePasswordHash(weak)?.iterations).toBe(1000);
    expect(await verifyPassword('secret pass', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword('secret pass'))).toBe(false);
  });

  it('treats a malformed stored value as no match', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'pbkdf2-sha256$abc$$')).toBe(false);
  });
});
