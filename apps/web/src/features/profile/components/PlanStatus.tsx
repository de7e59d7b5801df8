import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link } from 'react-router';
import type { ClientUser } from '../../../stores/user';
import { useBillingPortal } from '../../../lib/useBillingPortal';
import { planDisplay } from '../lib/planDisplay';

/** Exact text of document 000 section 5; shown before a cancel-intent opens the portal. */
export const CANCEL_WARNING = 'Are you sure you want to cancel your Subscription?';

/** Plan name, its state and the one billing / upgrade / restore control (section 4). */
export function PlanStatus({ user }: { user: ClientUser }) {
  const display = planDisplay(user);
  const portal = useBillingPortal();
  const openPortal = portal.open;

  // Cancelling happens in the billing portal, so the warning guards the way there.
  const confirmCancel = () =>
    modals.openConfirmModal({
      title: CANCEL_WARNING,
      children: (
        <Text size="sm">
          Cancelling is done in the billing portal. Your plan stays active until the end of the
          billing period.
        </Text>
      ),
      labels: { confirm: 'Continue to billing', cancel: 'Keep my plan' },
      confirmProps: { color: 'red', 'data-testid': 'plan-cancel-confirm' },
      onConfirm: openPortal,
    });

  const { action } = display;
  return (
    <Card withBorder padding="lg" data-testid="plan-card">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Group gap="xs">
            <Text fw={600}>Plan</Text>
            <Badge size="lg" variant="light" data-testid="plan-name">
              {display.planName}
            </Badge>
          </Group>
          <Group gap="xs">
            {action?.kind === 'upgrade' && (
              <Button component={Link} to={action.to} data-testid="plan-upgrade">
                {action.label}
              </Button>
            )}
            {action?.kind === 'billing' && (
              <Button
                variant="default"
                onClick={openPortal}
                loading={portal.pending}
                data-testid="plan-billing"
              >
                {action.label}
              </Button>
            )}
            {action?.kind === 'restore' &&
              (action.target === 'portal' ? (
                <Button onClick={openPortal} loading={portal.pending} data-testid="plan-restore">
                  {action.label}
                </Button>
              ) : (
                <Button component={Link} to={action.target} data-testid="plan-restore">
                  {action.label}
                </Button>
              ))}
            {display.canCancel && (
              <Button
                variant="subtle"
                color="red"
                onClick={confirmCancel}
                disabled={portal.pending}
                data-testid="plan-cancel"
              >
                Cancel Subscription
              </Button>
            )}
          </Group>
        </Group>
        <Text data-testid="plan-status">{display.status}</Text>
        {portal.error && (
          <Alert color="red" role="alert" data-testid="plan-portal-error">
            The billing portal could not be opened: {portal.error.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
