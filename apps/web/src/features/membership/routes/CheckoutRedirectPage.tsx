import { Alert, Anchor, Center, Container, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { asSentence } from '../../../lib/sentence';
import { useCheckoutUrl } from '../api/useCheckoutUrl';

/**
 * /checkout-redirect?session_id=: where the desktop app sends the system browser. It turns
 * the session into the provider's checkout URL and replaces this page with it (so Back does
 * not land here again). Nothing shows but a spinner, unless it fails.
 */
export function CheckoutRedirectPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const checkout = useCheckoutUrl(sessionId);
  const url = checkout.data?.url;

  useEffect(() => {
    if (url) window.location.replace(url);
  }, [url]);

  const failure = !sessionId
    ? 'This checkout link has no session_id. Start again from the pricing page.'
    : checkout.error
      ? `${asSentence(checkout.error.message)} Start again from the pricing page.`
      : null;

  if (failure) {
    return (
      <Container size="sm" py={80}>
        <Alert
          color="red"
          title="The checkout could not be opened"
          data-testid="checkout-redirect-error"
        >
          {failure}{' '}
          <Anchor component={Link} to="/pricing">
            Go to pricing
          </Anchor>
        </Alert>
      </Container>
    );
  }
  return (
    <Center py={80}>
      <Loader aria-label="Opening the checkout" data-testid="checkout-redirect-spinner" />
    </Center>
  );
}
