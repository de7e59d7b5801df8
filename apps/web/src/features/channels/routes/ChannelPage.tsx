import { Container } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useUserStore } from '../../../stores/user';
import { ChannelView } from '../components/ChannelView';

/** /channel/{id}: a public channel; the viewer's own id goes to /my-channel. */
export function ChannelPage() {
  const { id = '' } = useParams();
  const myId = useUserStore((s) => s.user.userId);
  if (myId !== '' && id === myId) return <Navigate to="/my-channel" replace />;
  return (
    <Container size="xl" py="xl" data-testid="channel-page">
      <ChannelView key={id} userId={Number(id)} mine={false} />
    </Container>
  );
}
