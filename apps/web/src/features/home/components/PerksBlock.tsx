import {
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { TagIcon } from '../../../components/icons';

/** The guests' perks: the partner promotion on a cycling-federation membership (section 9). */
export function PerksBlock() {
  return (
    <Container size="xl" px={{ base: 'md', sm: 'xl' }} py={{ base: 48, sm: 72 }}>
      <Paper
        component="section"
        aria-labelledby="perks-heading"
        radius="xl"
        p={{ base: 'xl', sm: 48 }}
        c="white"
        style={{ background: 'linear-gradient(120deg, #e8590c 0%, #f03e3e 55%, #c2255c 100%)' }}
      >
        <Group justify="space-between" align="center" gap="xl">
          <Stack gap="sm" maw={620}>
            <Badge size="lg" radius="xl" color="white" c="red.8" w="fit-content">
              Member perk
            </Badge>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={44} radius="xl" color="white" c="red.7" variant="white">
                <TagIcon size={22} />
              </ThemeIcon>
              <Title id="perks-heading" order={2} fz={{ base: 32, sm: 44 }} fw={900} lts={-1}>
                Get $20 off
              </Title>
            </Group>
            <Text size="lg" fw={500}>
              a USA Cycling membership when you ride with RideAlong.
            </Text>
            <Text c="rgba(255, 255, 255, 0.85)">Your promo code is shown after you sign up.</Text>
          </Stack>
          <Stack gap="xs" align="flex-start">
            <Button
              component={Link}
              to="/sign-up"
              size="lg"
              radius="xl"
              variant="white"
              color="red"
            >
              Claim your discount
            </Button>
            <Button
              component={Link}
              to="/usacycling"
              variant="subtle"
              color="white"
              c="white"
              radius="xl"
            >
              Already a member? Start here
            </Button>
          </Stack>
        </Group>
      </Paper>
    </Container>
  );
}
