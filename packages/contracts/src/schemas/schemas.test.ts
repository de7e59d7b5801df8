import { describe, expect, it } from 'vitest';
import { passwordRecoveryRequestSchema, signupRequestSchema } from './auth.js';
import { userUpdateSchema } from './user.js';

const firstMessage = (
  r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } },
  field: string,
) => r.error?.issues.find((i) => i.path[0] === field)?.message;

describe('sign-up validation (document 000 section 5)', () => {
  it('gives the exact messages', () => {
    const r = signupRequestSchema.safeParse({ username: '', email: '', password: '' });
    expect(firstMessage(r, 'username')).toBe('Required');
    expect(firstMessage(r, 'email')).toBe('Required');
    expect(firstMessage(r, 'password')).toBe('Required');
    const r2 = signupRequestSchema.safeParse({
      username: 'a',
      email: 'no-at.com',
      password: '12345',
    });
    expect(firstMessage(r2, 'email')).toBe('Invalid Email');
    expect(firstMessage(r2, 'password')).toBe('Password must be at least 6 characters long');
  });
  it('needs an @ and a dot', () => {
    for (const bad of ['a@b', 'ab.c', 'a b@c.d'])
      expect(
        signupRequestSchema.safeParse({ username: 'u', email: bad, password: '123456' }).success,
      ).toBe(false);
    expect(
      signupRequestSchema.safeParse({ username: 'u', email: 'a@b.co', password: '123456' }).success,
    ).toBe(true);
    expect(passwordRecoveryRequestSchema.safeParse({ email: 'x' }).success).toBe(false);
  });
});

describe('user update', () => {
  it('accepts member fields and refuses the rest', () => {
    expect(
      userUpdateSchema.safeParse({ display_name: 'Ann', weight: 70, enter_demo_mode_at: null })
        .success,
    ).toBe(true);
    expect(userUpdateSchema.safeParse({ account_level: 'pro' }).success).toBe(false);
    expect(userUpdateSchema.safeParse({ login_count: 3 }).success).toBe(false);
    expect(userUpdateSchema.safeParse({ accepted_terms_and_conditions: false }).success).toBe(
      false,
    );
  });
  it("requires a display name of 3 or more ('Must be 3 characters or more')", () => {
    const r = userUpdateSchema.safeParse({ display_name: 'Al' });
    expect(firstMessage(r, 'display_name')).toBe('Must be 3 characters or more');
  });
  it('takes only the demo mode options', () => {
    expect(userUpdateSchema.safeParse({ enter_demo_mode_at: 300 }).success).toBe(true);
    expect(userUpdateSchema.safeParse({ enter_demo_mode_at: 301 }).success).toBe(false);
  });
});
