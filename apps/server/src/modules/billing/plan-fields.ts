import type { PlanFields } from '@ridealong/contracts';
import type { UserRow } from '../../db/schema.js';

/** The user's plan fields as the client sees them, so the server checks the client's rules. */
export const planFieldsOf = (u: UserRow): PlanFields => ({
  account_level: u.accountLevel,
  previous_account_level: u.previousAccountLevel,
  current_period_end_date: u.currentPeriodEndDate?.toISOString() ?? null,
  complimentary_access: u.complimentaryAccess,
});
