import { Button, Text, ThemeIcon, Center } from '@mantine/core';
import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@ridealong/contracts';
import { AuthCard } from '../components/AuthCard';
import { MailIcon } from '../../../components/icons';

/** /user-registered: after sign-up, verify through the emailed link, then sign in. */
export function UserRegisteredPage() {
  return (
    <AuthCard title="Check your email">
      <Center>
        <ThemeIcon size={56} radius="xl" variant="light">
          <MailIcon size={28} />
        </ThemeIcon>
      </Center>
      <Text ta="center" data-testid="registered-message">
        {AUTH_MESSAGES.registered}
      </Text>
      <Text ta="center" size="sm" c="dimmed">
        No mail after a few minutes? Look in your spam folder.
      </Text>
      <Button component={Link} to="/login" size="md">
        Go to log in
      </Button>
    </AuthCard>
  );
}
