import { afterEach, describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, PASSWORD_COST, setPasswordCost, verifyPassword } from './password.js';

describe('password hashing', () => {
  // The suite's set-up (test/setup.ts) hashes at the lowest cost; a test that changes it puts that back.
  afterEach(() => setPasswordCost(PASSWORD_COST.min));

  it('hashes at scrypt N=2^15 by default and at the configured cost, and a stored hash keeps its own', async () => {
    setPasswordCost(PASSWORD_COST.default);
    const strong = await hashPassword('secret123');
    expect(strong.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    setPasswordCost(PASSWORD_COST.min);
    const cheap = await hashPassword('secret123');
    expect(cheap.split('$')[1]).toBe('1024');
    expect(await verifyPassword('secret123', strong)).toBe(true);
    expect(await verifyPassword('secret124', strong)).toBe(false);
    expect(await verifyPassword('secret123', cheap)).toBe(true);
  });

  it('refuses a cost outside 10-17 and keeps the one it had', async () => {
    for (const bad of [9, 18, 12.5, Number.NaN]) expect(() => setPasswordCost(bad)).toThrow(RangeError);
    expect((await hashPassword('x')).split('$')[1]).toBe('1024');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('secret123');
    expect(await verifyPassword('secret123', stored)).toBe(true);
    expect(await verifyPassword('secret124', stored)).toBe(false);
  });

  it('salts each hash so equal passwords store differently and never in plain text', async () => {
    const a = await hashPassword('same-password');
    const b = await hashPassword('same-password');
    expect(a).not.toBe(b);
    expect(a).not.toContain('same-password');
    expect(a.split('$')[0]).toBe('scrypt');
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });

  it('generates passwords within the 6-20 rule', () => {
    const p = generatePassword();
    expect(p.length).toBeGreaterThanOrEqual(6);
    expect(p.length).toBeLessThanOrEqual(20);
    expect(generatePassword()).not.toBe(p);
  });
});
