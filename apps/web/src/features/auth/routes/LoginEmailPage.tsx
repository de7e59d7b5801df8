import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { emailSigninRequestSchema, type EmailSigninRequest } from '@ridealong/contracts';
import { ApiError } from '../../../lib/api';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { useEmailSignin } from '../api/useEmailSignin';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { useBack } from '../hooks/useBack';
import { useCompleteSignin } from '../hooks/useCompleteSignin';
import { friendlyServerMessage } from '../messages';

/** /login-email: email and password sign-in. */
export function LoginEmailPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const signedIn = useUserStore(selectSignedIn);
  const signin = useEmailSignin();
  const { complete, completing } = useCompleteSignin(redirect);
  const [locked, lock] = useSubmitLock();
  const back = useBack('/login');
  const form = useForm<EmailSigninRequest>({
    resolver: zodResolver(emailSigninRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  if (signedIn && !completing) return <Navigate to="/featured" replace />;

  const submit = form.handleSubmit((body) =>
    signin.mutate(body, {
      onSuccess: complete,
      // A network failure is only logged (document 000, section 8).
      onError: (e) => {
        if (!(e instanceof ApiError)) console.error('Sign-in request failed', e);
      },
    }),
  );
  const failure = signin.error instanceof ApiError ? signin.error : null;

  return (
    <AuthCard title="Log in with email" subtitle="Welcome back! Ready for the next ride?">
      <form
        aria-label="Log in"
        noValidate
        onSubmit={(e) => {
          lock();
          void submit(e);
        }}
      >
        <Stack gap="md">
          {failure && <FormAlert>{friendlyServerMessage(failure.message)}</FormAlert>}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Anchor component={Link} to="/password-recovery" size="sm" ta="right">
            Forgot your password?
          </Anchor>
          <Group grow mt="xs">
            <Button variant="default" onClick={back}>
              Back
            </Button>
            <Button type="submit" disabled={locked} loading={signin.isPending}>
              Log In
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
