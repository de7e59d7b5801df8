import { Container } from '@mantine/core';
import { Navigate } from 'react-router';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { ChannelView } from '../components/ChannelView';

/** /my-channel: the signed-in member's own channel, with its edit control. */
export function MyChannelPage() {
  const signedIn = useUserStore(selectSignedIn);
  const userId = useUserStore((s) => s.user.userId);
  if (!signedIn) return <Navigate to="/login" replace />;
  return (
    <Container size="xl" py="xl" data-testid="my-channel-page">
      <ChannelView userId={Number(userId)} mine />
    </Container>
  );
}
