import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
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
