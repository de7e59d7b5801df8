import { Button, type ButtonProps } from '@mantine/core';
import { Link } from 'react-router';
import { selectSignedIn, useUserStore } from '../../../stores/user';

/** 'Sign me up' for guests, 'Workout Now' (to /featured) for members. */
export function CtaButton({
  signUpTo,
  ...props
}: ButtonProps & { signUpTo: '/login' | '/sign-up' }) {
  const signedIn = useUserStore(selectSignedIn);
  return signedIn ? (
    <Button component={Link} to="/featured" size="lg" radius="xl" {...props}>
      Workout Now
    </Button>
  ) : (
    <Button component={Link} to={signUpTo} size="lg" radius="xl" {...props}>
      Sign me up
    </Button>
  );
}
