import { useState } from 'react';
import { Button, Group, Text, ThemeIcon, type ButtonProps } from '@mantine/core';
import { useNavigate } from 'react-router';
import { CHALLENGE_MESSAGES, type Challenge } from '@ridealong/contracts';
import { CheckIcon, TrophyIcon } from '../../../components/icons';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { useMembership } from '../api/useMembership';
import { membershipOf, type Membership } from '../lib/membership';

type JoinControlProps = {
  challenge: Pick<Challenge, 'id' | 'title' | 'active'>;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  /**
   * Where the member stands when the page knows it from the server (user-challenge): the
   * stored user carries only the newest CHALLENGE.userChallengesMax and is refreshed rarely.
   */
  state?: Membership;
};

/**
 * A challenge card's states (document 001 'Challenge detail'): not joined (Join; a guest's
 * goes to /login), joined ('Joined', which reads 'Leave' on hover or focus; a click leaves),
 * completed (a trophy). A past challenge can no longer be joined or left.
 */
export function JoinControl({
  challenge,
  size = 'md',
  fullWidth = false,
  state: known,
}: JoinControlProps) {
  const navigate = useNavigate();
  const signedIn = useUserStore(selectSignedIn);
  const stored = useUserStore((s) => membershipOf(s.user.user_challenges, challenge.id));
  const state = known ?? stored;
  const membership = useMembership(challenge.id);
  const [hovered, setHovered] = useState(false);

  if (state === 'complete') return <CompletedMark />;
  if (!challenge.active) return null;
  if (state === 'joined') {
    return (
      <Button
        size={size}
        fullWidth={fullWidth}
        radius="xl"
        variant={hovered ? 'filled' : 'light'}
        color={hovered ? 'red' : 'teal'}
        leftSection={hovered ? null : <CheckIcon size={16} />}
        loading={membership.isPending}
        aria-label={`${CHALLENGE_MESSAGES.leave} ${challenge.title}`}
        data-testid="challenge-leave"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setHovered(true)}
        onBlur={() => setHovered(false)}
        onClick={() => membership.mutate('leave', { onSuccess: () => setHovered(false) })}
      >
        {hovered ? CHALLENGE_MESSAGES.leave : 'Joined'}
      </Button>
    );
  }
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      radius="xl"
      loading={membership.isPending}
      aria-label={`Join ${challenge.title}`}
      data-testid="challenge-join"
      onClick={() => {
        if (signedIn) membership.mutate('join');
        else void navigate('/login');
      }}
    >
      Join
    </Button>
  );
}

/** A completed challenge: the trophy. */
export function CompletedMark() {
  return (
    <Group gap={8} wrap="nowrap" data-testid="challenge-trophy">
      <ThemeIcon color="yellow" variant="light" radius="xl" size="lg">
        <TrophyIcon size={18} />
      </ThemeIcon>
      <Text fw={600} c="yellow.9" size="sm">
        Completed
      </Text>
    </Group>
  );
}
