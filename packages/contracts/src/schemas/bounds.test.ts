import { describe, expect, it } from 'vitest';
import { controlRequestSchema, pushPointsSchema, ridePointSchema } from '../ride.js';
import { emailSigninRequestSchema, signupRequestSchema } from './auth.js';
import { EMAIL_ADDRESS, idSchema, MAX_EPOCH_MS, PG_INT_MAX } from './common.js';
import { channelsIndexQuerySchema } from './race.js';
import { tracksIndexQuerySchema } from './track.js';
import { userUpdateParamsSchema, userUpdateSchema } from './user.js';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('messages say what is wrong', () => {
  it("says a too-long username is too long, not 'Required'", () => {
    const r = signupRequestSchema.safeParse({
      username: 'u'.repeat(61),
      email: 'a@b.co',
      password: 'secret12',
    });
    expect(messages(r)).toEqual(['must be at most 60 characters']);
  });
  it("keeps 'Required' for missing and empty fields", () => {
    expect(messages(signupRequestSchema.safeParse({}))).toEqual([
      'Required',
      'Required',
      'Required',
    ]);
  });
  it('names the expected type for a wrong one', () => {
    expect(messages(idSchema.safeParse('abc'))).toEqual(['must be a number']);
    expect(messages(idSchema.safeParse('1.5'))).toEqual(['must be a whole number']);
    expect(messages(userUpdateSchema.safeParse({ display_name: 5 }))).toEqual(['must be text']);
    expect(messages(userUpdateSchema.safeParse({ photo_url: 'x' }))).toEqual([
      'must be a web address',
    ]);
  });
});

describe('numbers fit the database', () => {
  it('bounds ids to int4', () => {
    expect(idSchema.safeParse(String(PG_INT_MAX)).success).toBe(true);
    for (const bad of ['2147483648', '1e20', '-1', '0'])
      expect(idSchema.safeParse(bad).success, bad).toBe(false);
    expect(messages(idSchema.safeParse('2147483648'))).toEqual(['must be at most 2147483647']);
    expect(userUpdateParamsSchema.safeParse({ userId: '2147483648' }).success).toBe(false);
  });
  it('bounds list offsets', () => {
    expect(tracksIndexQuerySchema.safeParse({ user_id: 1, start: '1e15' }).success).toBe(false);
    expect(channelsIndexQuerySchema.safeParse({ end: '99999999999' }).success).toBe(false);
  });
  it('bounds times: seconds of video and epoch milliseconds', () => {
    const window = { raceUrl: 'v', startOfNeeded: 5, endOfNeeded: 15 };
    expect(controlRequestSchema.safeParse(window).success).toBe(true);
    expect(controlRequestSchema.safeParse({ ...window, endOfNeeded: 5e9 }).success).toBe(false);
    const point = {
      elapsed_time: 1,
      accumulated_power: 1,
      power: 1,
      heart_rate: 1,
      cadence: 1,
      distance: 1,
      timestamp: MAX_EPOCH_MS,
    };
    expect(ridePointSchema.safeParse(point).success).toBe(true);
    expect(ridePointSchema.safeParse({ ...point, timestamp: MAX_EPOCH_MS + 1 }).success).toBe(
      false,
    );
    expect(
      pushPointsSchema.safeParse({ track_id: 2147483648, points: [] }).error?.issues[0]?.path,
    ).toEqual(['track_id']);
  });
});

describe('email addresses', () => {
  it('takes ordinary addresses', () => {
    for (const ok of [
      'a.b+tag@sub.example.co.uk',
      "o'connor@example.ie",
      'x_y-z@mail-1.example.com',
      'user@xn--bcher-kva.example',
    ])
      expect(EMAIL_ADDRESS.test(ok), ok).toBe(true);
  });
  it('refuses characters that are not valid in an address', () => {
    for (const bad of [
      'a b@example.com',
      'a\u0000b@example.com',
      'a\tb@example.com',
      '"ab"@example.com',
      '<ab>@example.com',
      'a,b@example.com',
      'a;b@example.com',
      'ü@example.com',
      'a@exa mple.com',
      'a@example',
      'a..b@example.com',
      '.a@example.com',
      'a@-example.com',
      `${'a'.repeat(65)}@example.com`,
    ])
      expect(EMAIL_ADDRESS.test(bad), bad).toBe(false);
    expect(
      signupRequestSchema.safeParse({ username: 'A', email: 'a<b>@x.com', password: 'secret12' })
        .success,
    ).toBe(false);
  });

  it('still lets an older account sign in with the address it was made with', () => {
    // Accounts made under document 000's looser shape (an @ and a dot) keep their sign-in.
    expect(emailSigninRequestSchema.safeParse({ email: 'a<b>@x.com', password: 'p' }).success).toBe(
      true,
    );
    expect(emailSigninRequestSchema.safeParse({ email: 'nope', password: 'p' }).success).toBe(
      false,
    );
  });
});
