import { Button, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router';
import { AUTH_MESSAGES } from '@ridealong/contracts';
import { ApiError } from '../../../lib/api';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { useUpdatePassword } from '../api/useUpdatePassword';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { NETWORK_ERROR_TEXT, friendlyServerMessage } from '../messages';

type PasswordForm = { password: string; password_confirmation: string };

/**
 * /change-password/{code}: a new password from the emailed link. No client-side checks
 * (document 000, section 5): the server says what is wrong ('Passwords need to match', an
 * expired link, a too-short password).
 */
export function ChangePasswordPage() {
  const { code = '' } = useParams();
  const signedIn = useUserStore(selectSignedIn);
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const [locked, lock] = useSubmitLock();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordForm>({
    defaultValues: { password: '', password_confirmation: '' },
  });

  if (signedIn) return <Navigate to="/" replace />;

  const submit = form.handleSubmit((fields) => {
    setFailure(null);
    update.mutate(
      { ...fields, code },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: AUTH_MESSAGES.passwordChanged });
          void navigate('/', { replace: true });
        },
        onError: (e) => {
          if (e instanceof ApiError) setFailure(friendlyServerMessage(e.message));
          else {
            console.error('Password update request failed', e);
            setFailure(NETWORK_ERROR_TEXT);
          }
        },
      },
    );
  });

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Pick something you have not used here before."
    >
      <form
        aria-label="Change password"
        noValidate
        onSubmit={(e) => {
          lock();
          void submit(e);
        }}
      >
        <Stack gap="md">
          {failure && <FormAlert testId="change-password-message">{failure}</FormAlert>}
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            {...form.register('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            {...form.register('password_confirmation')}
          />
          <Button type="submit" size="md" mt="xs" disabled={locked} loading={update.isPending}>
            Change Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
