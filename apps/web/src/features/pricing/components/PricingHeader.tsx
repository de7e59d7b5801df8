import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PLAN_TEXT, portalTarget, pricingMessage, type PlanFields } from '@ridealong/contracts';

type Props = {
  /** The signed-in member's plan fields, or null for a guest. */
  user: PlanFields | null;
  onOpenPortal: () => void;
  portalPending: boolean;
};

/** The heading and message of the pricing page by account state (document 000 section 4). */
export function PricingHeader({ user, onOpenPortal, portalPending }: Props) {
  if (user === null) {
    return (
      <Stack gap="sm" align="center" ta="center">
        <Title order={1} data-testid="pricing-heading">
          {PLAN_TEXT.signedOut}
        </Title>
        <Button component={Link} to="/sign-up" size="lg" radius="xl" data-testid="pricing-sign-up">
          Sign me up
        </Button>
        <Text c="dimmed" data-testid="pricing-message">
          {PLAN_TEXT.joinFree}
        </Text>
      </Stack>
    );
  }

  const { message, followUp, link } = pricingMessage(user);
  // Both links open the billing portal, which the membership portal rule (section 4, and the
  // server's gate) allows only for core and cancelled_period_not_over without complimentary
  // access; for anyone else the rule says /pricing, the page shown, so there is no link.
  const showLink = link !== null && portalTarget(user) === 'portal';
  return (
    <Stack gap="xs" align="center" ta="center">
      <Title order={1} maw={760} data-testid="pricing-heading">
        {message}
      </Title>
      {followUp && (
        <Text size="xl" fw={600} c="teal" data-testid="pricing-message">
          {followUp}
        </Text>
      )}
      {showLink && (
        <Group>
          <Anchor
            component="button"
            type="button"
            fw={600}
            onClick={onOpenPortal}
            disabled={portalPending}
            data-testid={
              link.kind === 'restore' ? 'pricing-restore-link' : 'pricing-update-payment-link'
            }
          >
            {portalPending ? 'Opening billing…' : link.label}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
