import type { ReactNode } from 'react';
import { Container } from '@mantine/core';
import { Navigate } from 'react-router';
import { SiteFooter } from '../../../components/SiteFooter';
import { usePageMeta } from '../../../lib/pageMeta';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { ActivitiesPromo } from '../components/ActivitiesPromo';
import { MemberActivities } from '../components/MemberActivities';

/** The desktop app's idle screen; several pages hand over to it in demo mode (document 000). */
const DEMO_ROUTE = '/demo';

const META = {
  title: 'My Activities',
  description:
    'Track your fitness on RideAlong: every indoor ride saved with its time, distance and ' +
    'average power, plus weekly, monthly, yearly and all-time totals.',
  // A real PNG, not an inlined data: URL: link previews fetch it (public/share/).
  image: '/share/activities.png',
  url: '/activities',
};

/** /activities (document 001 section 2). `ad`: the ads feature's slot (composed by the router). */
export function ActivitiesPage({ ad }: { ad?: ReactNode }) {
  const electronMode = useGeneralStore((s) => s.electronMode);
  const demoMode = useGeneralStore((s) => s.demoMode);
  const userId = useUserStore((s) => s.user.userId);
  usePageMeta(META);
  if (demoMode && electronMode) return <Navigate to={DEMO_ROUTE} replace />;
  return (
    <>
      <Container size="xl" data-testid="activities-page">
        {userId ? <MemberActivities userId={userId} /> : <ActivitiesPromo />}
      </Container>
      {ad}
      <SiteFooter />
    </>
  );
}
