/** The fields of the client user that decide where the agreement screen sends it. */
export type AgreementUser = {
  userId: string;
  accepted_terms_and_conditions?: boolean;
  login_count?: number;
};

export type AgreementTarget = '/login' | '/profile' | '/';

/**
 * Document 000 sections 2 and 4: guests sign in first; members who accepted the terms go
 * to their profile on their first login (login_count 1 or less) and home afterwards.
 * Null means the agreement is still to be shown.
 */
export function agreementRedirect(user: AgreementUser): AgreementTarget | null {
  if (user.userId === '') return '/login';
  if (user.accepted_terms_and_conditions !== true) return null;
  return (user.login_count ?? 0) <= 1 ? '/profile' : '/';
}
