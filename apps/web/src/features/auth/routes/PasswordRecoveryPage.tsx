import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AUTH_MESSAGES, passwordRecoveryRequestSchema } from '@ridealong/contracts';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { usePasswordRecovery } from '../api/usePasswordRecovery';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { useBack } from '../hooks/useBack';
import { NETWORK_ERROR_TEXT, friendlyServerMessage } from '../messages';

type RecoveryForm = z.infer<typeof passwordRecoveryRequestSchema>;

/** /password-recovery: asks for a reset link without revealing whether the account exists. */
export function PasswordRecoveryPage() {
  const recovery = usePasswordRecovery();
  const [locked, lock] = useSubmitLock();
  const back = useBack('/login-email');
  const [sentText, setSentText] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RecoveryForm>({
    resolver: zodResolver(passwordRecoveryRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ email }) => {
    setFailure(null);
    recovery.mutate(email, {
      onSuccess: () => setSentText(AUTH_MESSAGES.recoverySent),
      onError: (e) => {
        if (!(e instanceof ApiError)) {
          console.error('Password recovery request failed', e);
          setFailure(NETWORK_ERROR_TEXT);
        } else if (e.message === 'user-not-found') {
          // Document 000 section 8: the same neutral answer as a real send.
          setSentText(AUTH_MESSAGES.recoveryUserNotFound);
        } else {
          setFailure(friendlyServerMessage(e.message));
        }
      },
    });
  });

  return (
    <AuthCard title="Reset your password">
      {sentText ? (
        <Stack gap="md">
          <Alert variant="light" color="teal" radius="md" role="status">
            <Text size="sm" data-testid="recovery-sent">
              {sentText}
            </Text>
          </Alert>
          <Button component={Link} to="/login-email" size="md">
            Go to log in
          </Button>
        </Stack>
      ) : (
        <form
          aria-label="Password recovery"
          noValidate
          onSubmit={(e) => {
            lock();
            void submit(e);
          }}
        >
          <Stack gap="md">
            <Text c="dimmed" size="sm" ta="center">
              {AUTH_MESSAGES.recoveryIntro}
            </Text>
            {failure && <FormAlert>{failure}</FormAlert>}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <Group grow mt="xs">
              <Button variant="default" onClick={back}>
                Back
              </Button>
              <Button type="submit" disabled={locked} loading={recovery.isPending}>
                Send Link
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
