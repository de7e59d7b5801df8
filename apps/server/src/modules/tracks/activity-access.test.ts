import { describe, expect, it } from 'vitest';
import { mayReadActivity } from './activity-access.js';

describe('mayReadActivity', () => {
  it('lets the owner and admins read a ride, nobody else', () => {
    expect(mayReadActivity({ id: 7, admin: false }, 7)).toBe(true);
    expect(mayReadActivity({ id: 8, admin: true }, 7)).toBe(true);
    expect(mayReadActivity({ id: 8, admin: false }, 7)).toBe(false);
  });
});
