import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { AUTH_MESSAGES, signupRequestSchema, type SignupRequest } from '@ridealong/contracts';
import { ApiError } from '../../../lib/api';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { useResendVerification } from '../api/useResendVerification';
import { useSignup } from '../api/useSignup';
import { AuthCard } from '../components/AuthCard';
import { EmailTakenMessage } from '../components/EmailTakenMessage';
import { FormAlert } from '../components/FormAlert';
import { LegalLinks } from '../components/LegalLinks';
import { useBack } from '../hooks/useBack';
import { NETWORK_ERROR_TEXT, friendlyServerMessage } from '../messages';
import { signupOutcome } from '../redirects';

/** /sign-up and /signup: a new account, confirmed through the emailed link. */
export function SignUpPage() {
  const signedIn = useUserStore(selectSignedIn);
  const navigate = useNavigate();
  const signup = useSignup();
  const [locked, lock] = useSubmitLock();
  const back = useBack('/login');
  const [message, setMessage] = useState<ReactNode>(null);
  const [tone, setTone] = useState<'error' | 'notice'>('error');
  const form = useForm<SignupRequest>({
    resolver: zodResolver(signupRequestSchema),
    // Errors appear only once a field has been touched (document 000, section 5).
    mode: 'onTouched',
    defaultValues: { username: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  if (signedIn) return <Navigate to="/" replace />;

  const submit = form.handleSubmit((body) => {
    setMessage(null);
    setTone('error');
    signup.mutate(body, {
      onSuccess: (answer) => {
        // The account is made but its mail was not sent: say so here and offer it again.
        if (answer.verification_mail_sent === false) {
          setTone('notice');
          setMessage(
            <MailNotSent
              email={body.email}
              message={answer.message ?? AUTH_MESSAGES.registeredMailFailed}
              onSent={() => void navigate('/user-registered')}
            />,
          );
          return;
        }
        void navigate('/user-registered');
      },
      onError: (e) => {
        if (!(e instanceof ApiError)) {
          console.error('Sign-up request failed', e);
          setMessage(NETWORK_ERROR_TEXT);
          return;
        }
        const outcome = signupOutcome(e.status);
        if (outcome === 'email-taken') setMessage(<EmailTakenMessage />);
        else if (outcome === 'show-message') setMessage(friendlyServerMessage(e.message));
        // Any other answer still goes on (document 000, section 7).
        else void navigate('/user-registered');
      },
    });
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join free. No credit card needed."
      footer={<LegalLinks />}
    >
      <form
        aria-label="Sign up"
        noValidate
        onSubmit={(e) => {
          lock();
          void submit(e);
        }}
      >
        <Stack gap="md">
          {message && (
            <FormAlert testId="signup-message" tone={tone}>
              {message}
            </FormAlert>
          )}
          <TextInput
            label="Username"
            autoComplete="username"
            error={errors.username?.message}
            {...form.register('username')}
          />
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
            autoComplete="new-password"
            description="At least 6 characters"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Group grow mt="xs">
            <Button variant="default" onClick={back}>
              Back
            </Button>
            <Button type="submit" disabled={locked} loading={signup.isPending}>
              Sign Up
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** The account exists but its verification mail failed: the server's message and 'Send again'. */
function MailNotSent({
  email,
  message,
  onSent,
}: {
  email: string;
  message: string;
  onSent: () => void;
}) {
  const resend = useResendVerification();
  const [problem, setProblem] = useState<string | null>(null);
  const sendAgain = () => {
    setProblem(null);
    resend.mutate(email, {
      onSuccess: onSent,
      onError: (e) =>
        setProblem(e instanceof ApiError ? friendlyServerMessage(e.message) : NETWORK_ERROR_TEXT),
    });
  };
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="signup-mail-failed">
        {message}
      </Text>
      {problem && (
        <Text size="sm" c="red" data-testid="signup-resend-problem">
          {problem}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="light" onClick={sendAgain} loading={resend.isPending}>
          Send again
        </Button>
      </Group>
    </Stack>
  );
}
