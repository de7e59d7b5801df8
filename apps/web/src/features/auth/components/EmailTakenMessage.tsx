import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@ridealong/contracts';
import { splitOnPhrases } from '../messages';

const LINKS: Record<string, string> = {
  'Sign in': '/login',
  'reset your password': '/password-recovery',
};

/** The sign-up 409 message, word for word, with its two phrases as links. */
export function EmailTakenMessage() {
  return (
    <>
      {splitOnPhrases(AUTH_MESSAGES.emailTaken, Object.keys(LINKS)).map((part, i) =>
        part.phrase ? (
          <Anchor key={i} component={Link} to={LINKS[part.text] ?? '/login'} inherit fw={600}>
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
