import { Container } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { SiteFooter } from '../../../components/SiteFooter';
import { ChallengeDetail } from '../components/ChallengeDetail';
import { challengeIdOf } from '../lib/membership';

/**
 * /challenge/{id} (document 001 'Challenge detail'). An empty id goes to /challenges; a new
 * id in the route mounts the page afresh, so it reloads.
 */
export function ChallengePage() {
  const { id } = useParams();
  const challengeId = challengeIdOf(id);
  if (challengeId === null) return <Navigate to="/challenges" replace />;
  return (
    <>
      <Container size="xl" py="xl">
        <ChallengeDetail key={challengeId} challengeId={challengeId} />
      </Container>
      <SiteFooter />
    </>
  );
}
