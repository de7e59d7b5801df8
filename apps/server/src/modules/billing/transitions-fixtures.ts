import { expect } from 'vitest';
import type { AccountLevel } from '@ridealong/contracts';
import {
  type AccountEvent,
  type AccountState,
  NEW_ACCOUNT_STATE,
  transition,
  type TransitionResult,
} from './transitions.js';

/** Shared by the transition tests: one realistic row per level and replay-checking helpers. */

export const DAY = 86_400_000;
export const NOW = new Date('2025-03-10T12:00:00Z');
export const at = (days: number) => new Date(NOW.getTime() + days * DAY);
export const SUB = 'sub_1';

/** Each level as the app reaches it, so every event is tried from a realistic row. */
export const LEVELS: Record<string, AccountState> = {
  free: { ...NEW_ACCOUNT_STATE },
  trial: { ...NEW_ACCOUNT_STATE, account_level: 'trial', current_period_end_date: at(14) },
  core: {
    ...NEW_ACCOUNT_STATE,
    account_level: 'core',
    previous_account_level: 'trial',
    current_period_end_date: at(30),
    subscription_plan: 'core',
    stripe_sub_id: SUB,
  },
  pro: {
    ...NEW_ACCOUNT_STATE,
    account_level: 'pro',
    previous_account_level: 'free',
    current_period_end_date: at(30),
    subscription_plan: 'pro',
    stripe_sub_id: SUB,
  },
  payment_failed: {
    ...NEW_ACCOUNT_STATE,
    account_level: 'payment_failed',
    previous_account_level: 'core',
    current_period_end_date: at(-1),
    subscription_plan: 'core',
    stripe_sub_id: SUB,
  },
  cancelled: {
    ...NEW_ACCOUNT_STATE,
    account_level: 'cancelled',
    previous_account_level: 'core',
    current_period_end_date: at(-1),
    account_expired: true,
    subscription_plan: 'core',
  },
  cancelled_period_not_over: {
    ...NEW_ACCOUNT_STATE,
    account_level: 'cancelled_period_not_over',
    previous_account_level: 'pro',
    current_period_end_date: at(10),
    subscription_plan: 'pro',
    stripe_sub_id: SUB,
  },
  complimentary: {
    ...NEW_ACCOUNT_STATE,
    account_level: 'core',
    previous_account_level: 'free',
    current_period_end_date: at(30),
    complimentary_access: true,
    complimentary_until: at(30),
  },
};
export const ALL = Object.keys(LEVELS);

export function applied(r: TransitionResult): AccountState {
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r.state;
}

/** Applies `e` once, then again to the result: the second time changes nothing. */
export function once(s: AccountState, e: AccountEvent): AccountState {
  const first = applied(transition(s, e));
  const replay = transition(first, e);
  expect(replay).toEqual({ ok: true, state: first, changed: false });
  return first;
}

export const level = (s: AccountState): [AccountLevel, AccountLevel | null] => [
  s.account_level,
  s.previous_account_level,
];
