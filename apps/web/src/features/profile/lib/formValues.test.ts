import { describe, expect, it } from 'vitest';
import { userUpdateSchema } from '@ridealong/contracts';
import type { ClientUser } from '../../../stores/user';
import {
  bodyToStored,
  convertBody,
  demoModeOptions,
  demoModeSeconds,
  emptyToNull,
  profileFormValues,
  profileUpdate,
} from './formValues';
import { bodyRanges, profileFormSchema } from './profileSchema';

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

describe('profileFormValues / profileUpdate', () => {
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
    expect(profileUpdate(next, user)).toEqual({ first_name: 'Grace', strava_auto_save: true });
    expect(profileUpdate(before, user)).toEqual({});
  });
});

describe("weight and height in the member's units", () => {
  const rider: ClientUser = { ...user, weight: 70, height: 180, units: 'imperial' };

  it('shows kg and cm as lb and in for imperial members, as stored for metric ones', () => {
    expect(profileFormValues(rider)).toMatchObject({
      units: 'imperial',
      weight: 154.3,
      height: 70.9,
    });
    expect(profileFormValues({ ...rider, units: 'metric' })).toMatchObject({
      units: 'metric',
      weight: 70,
      height: 180,
    });
    expect(profileFormValues({ ...user, units: undefined })).toMatchObject({
      units: 'imperial',
      weight: null,
    });
  });

  it('sends what is typed in kg and cm, and nothing for a value shown unchanged', () => {
    const before = profileFormValues(rider);
    expect(profileUpdate(before, rider)).toEqual({});
    expect(profileUpdate({ ...before, weight: 165 }, rider)).toEqual({ weight: 74.84 });
    expect(profileUpdate({ ...before, height: null }, rider)).toEqual({ height: null });
  });

  it('converts typed values when the member switches units, and saves the choice', () => {
    const before = profileFormValues(rider);
    const metric = convertBody(before, 'imperial', 'metric');
    expect(metric).toEqual({ weight: 70, height: 180.1 });
    // 70 kg unchanged keeps its stored figure; the height moved by the rounding is sent.
    expect(profileUpdate({ ...before, ...metric, units: 'metric' }, rider)).toEqual({
      units: 'metric',
      height: 180.1,
    });
    expect(convertBody({ weight: 70, height: null }, 'metric', 'imperial')).toEqual({
      weight: 154.3,
      height: null,
    });
    expect(
      bodyToStored({ weight: 70, height: 180 }, 'metric', { weight: 70, height: 180 }),
    ).toEqual({ weight: 70, height: 180 });
  });
});

describe("profileFormSchema (bounds in the member's units)", () => {
  const message = (fields: Record<string, unknown>) =>
    profileFormSchema.safeParse(fields).error?.issues.map((i) => `${i.path}: ${i.message}`);

  it("keeps the server's kg and cm bounds, inside them once converted", () => {
    expect(bodyRanges('metric')).toEqual({
      weight: { min: 20, max: 300, unit: 'kg' },
      height: { min: 50, max: 260, unit: 'cm' },
    });
    const imperial = bodyRanges('imperial');
    expect(imperial).toEqual({
      weight: { min: 44.1, max: 661.3, unit: 'lb' },
      height: { min: 19.7, max: 102.3, unit: 'in' },
    });
    const server = userUpdateSchema.safeParse({
      weight: profileUpdate({ weight: imperial.weight.max, units: 'imperial' }, user).weight,
      height: profileUpdate({ height: imperial.height.min, units: 'imperial' }, user).height,
    });
    expect(server.success).toBe(true);
  });

  it('checks weight and height against the chosen units', () => {
    expect(message({ units: 'imperial', weight: 154.3, height: 70.9 })).toBeUndefined();
    expect(message({ units: 'imperial', weight: 700 })).toEqual([
      'weight: Must be between 44.1 and 661.3 lb',
    ]);
    expect(message({ units: 'metric', weight: 154.3, height: 300 })).toEqual([
      'height: Must be between 50 and 260 cm',
    ]);
    expect(message({ units: 'metric', weight: 19 })).toEqual([
      'weight: Must be between 20 and 300 kg',
    ]);
    expect(message({ units: 'furlongs' })).toHaveLength(1);
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
