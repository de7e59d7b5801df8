import { describe, expect, it } from 'vitest';
import { userUpdateSchema } from '@ridealong/contracts';
import type { ClientUser } from '../../../stores/user';
import {
  changedFields,
  demoModeOptions,
  demoModeSeconds,
  emptyToNull,
  profileFormValues,
} from './formValues';

const user: ClientUser = {
  userId: '7',
  isAuthenticated: true,
  authorized: true,
  token: 't',
  enter_demo_mode_at: 300,
  display_name: 'rider',
  first_name: 'Ada',
  send_weekly_fitness_summary: true,
};

describe('profileFormValues / changedFields', () => {
  it('reads missing fields as empty or off', () => {
    const v = profileFormValues(user);
    expect(v.display_name).toBe('rider');
    expect(v.last_name).toBeNull();
    expect(v.photo_url).toBeNull();
    expect(v.send_weekly_fitness_summary).toBe(true);
    expect(v.strava_auto_save).toBe(false);
    expect(v.enter_demo_mode_at).toBe(300);
  });

  it('sends only what changed', () => {
    const before = profileFormValues(user);
    const next = { ...before, first_name: 'Grace', strava_auto_save: true };
    expect(changedFields(next, before)).toEqual({ first_name: 'Grace', strava_auto_save: true });
    expect(changedFields(before, before)).toEqual({});
  });
});

describe('display_name rules (the contracts schema the form uses)', () => {
  const message = (display_name: string) =>
    userUpdateSchema.safeParse({ display_name }).error?.issues[0]?.message;
  it('is Required when empty and needs 3 characters', () => {
    expect(message('')).toBe('Required');
    expect(message('ab')).toBe('Must be 3 characters or more');
    expect(message('abc')).toBeUndefined();
  });
});

describe('emptyToNull', () => {
  it('turns blank text into null and keeps the rest', () => {
    expect(emptyToNull('  ')).toBeNull();
    expect(emptyToNull('https://x.test/a.png')).toBe('https://x.test/a.png');
    expect(emptyToNull(5)).toBe(5);
  });
});

describe('demoModeOptions', () => {
  it('lists the seven choices of section 5 in order', () => {
    expect(demoModeOptions(null).map((o) => o.label)).toEqual([
      'Turned Off',
      '30 seconds',
      '1 minute',
      '5 minutes',
      '15 minutes',
      '30 minutes',
      '60 minutes',
    ]);
  });

  it('shows 10 seconds only when it is the saved value', () => {
    expect(demoModeOptions(10).map((o) => o.label)).toContain('10 seconds');
    expect(demoModeOptions(60).map((o) => o.label)).not.toContain('10 seconds');
  });

  it('maps the select value back to seconds', () => {
    expect(demoModeSeconds('off')).toBeNull();
    expect(demoModeSeconds(null)).toBeNull();
    expect(demoModeSeconds('900')).toBe(900);
    for (const o of demoModeOptions(10)) {
      expect(
        userUpdateSchema.safeParse({ enter_demo_mode_at: demoModeSeconds(o.value) }).success,
      ).toBe(true);
    }
  });
});
