import { Container } from '@mantine/core';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { agreementRedirect } from '../agreementRedirect';
import { useAcceptTerms } from '../api/useAcceptTerms';
import { AgreementLanding } from '../components/AgreementLanding';
import { AgreementPanel } from '../components/AgreementPanel';

function errorText(error: unknown): string {
  const detail = error instanceof ApiError ? ` (${error.message})` : '';
  return `Something went wrong while saving your answer${detail}. Please check your connection and try again.`;
}

/**
 * /agreement: the terms agreement flow (document 000 sections 2 and 4). Read-only mode
 * (prop or ?readonly) is for reading the agreement, so it skips the redirects and the landing.
 */
export function TermsAgreementPage({ readOnly: readOnlyProp }: { readOnly?: boolean }) {
  const [params] = useSearchParams();
  const readOnly = readOnlyProp ?? (params.has('readonly') && params.get('readonly') !== 'false');
  const user = useUserStore((s) => s.user);
  const showTerms = useGeneralStore((s) => s.showTerms);
  const showTermsAgreement = useGeneralStore((s) => s.showTermsAgreement);
  const navigate = useNavigate();
  const accept = useAcceptTerms();

  const target = agreementRedirect(user);
  // After 'I Agree' the mutation's own redirect runs; this one is for arriving on the page.
  if (!readOnly && target && !accept.isSuccess) return <Navigate to={target} replace />;

  const agree = () =>
    accept.mutate(undefined, {
      onSuccess: (data) =>
        navigate(agreementRedirect({ ...data.user, userId: user.userId }) ?? '/', {
          replace: true,
        }),
    });

  return (
    <Container size="md" py={{ base: 'lg', sm: 60 }}>
      {showTerms || readOnly ? (
        <AgreementPanel
          readOnly={readOnly}
          onAgree={agree}
          pending={accept.isPending}
          error={accept.isError ? errorText(accept.error) : null}
        />
      ) : (
        <AgreementLanding onJoin={showTermsAgreement} />
      )}
    </Container>
  );
}
