import type { Database } from '../db/client.js';
import { hashPassword } from '../modules/accounts/index.js';
import type { OpenAccount } from '../modules/accounts/index.js';
import { usersRepository } from '../modules/users/index.js';

export const SAMPLE_MEMBER = {
  email: 'rider@ridealong.local',
  password: 'ridealong',
  username: 'Sample Rider',
} as const;

/**
 * Sample content for a fresh install: a verified member to sign in with, opened like any other
 * account (so its trial has an end the expiry sweep will act on). Idempotent.
 */
export async function seedSampleData(database: Database, open: OpenAccount): Promise<boolean> {
  const users = usersRepository(database.db);
  if (await users.findByEmail(SAMPLE_MEMBER.email)) return false;
  const created = await open({
    email: SAMPLE_MEMBER.email,
    emailVerified: true,
    passwordHash: await hashPassword(SAMPLE_MEMBER.password),
    username: SAMPLE_MEMBER.username,
    displayName: SAMPLE_MEMBER.username,
    firstName: 'Sam',
    lastName: 'Rider',
    acceptedTerms: true,
    loginCount: 2,
    weight: 72,
    height: 178,
    channelTitle: "Sam's Rides",
    channelDescription: 'Coastal roads and mountain passes, filmed on a GoPro.',
  });
  return created !== null;
}
