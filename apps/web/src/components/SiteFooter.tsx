import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useGeneralStore } from '../stores/general';

/**
 * The page footer with the legal links; the desktop app has its own chrome, so none there, and
 * in its demo mode the footer's pages hand over to the attract screen (document 001).
 */
export function SiteFooter() {
  const electronMode = useGeneralStore((s) => s.electronMode);
  const demoMode = useGeneralStore((s) => s.demoMode);
  if (electronMode) return demoMode ? <Navigate to="/demo" replace /> : null;
  return (
    <Box
      component="footer"
      data-testid="site-footer"
      mt="xl"
      py="lg"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} RideAlong. All rights reserved.
          </Text>
          <Group gap="lg" component="nav" aria-label="Legal">
            <Anchor component={Link} to="/terms" size="sm" c="dimmed">
              Terms of Service
            </Anchor>
            <Anchor component={Link} to="/privacy-policy" size="sm" c="dimmed">
              Privacy Policy
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
