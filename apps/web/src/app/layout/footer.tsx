import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { footerNavItems } from '../nav-items.ts';

export function Footer() {
  const { t, f } = useI18n();
  return (
    <Box component="footer" bg="gray.9" c="gray.2" py="xl" mt="xl">
      <Container size="lg">
        <Stack gap="md">
          <Group component="nav" aria-label={t.footer.privacyPolicy} gap="lg">
            {footerNavItems(t).map((item) => (
              <Anchor key={item.to} component={Link} to={item.to} c="gray.1" size="sm">
                {item.label}
              </Anchor>
            ))}
          </Group>
          <Text size="sm" c="gray.4">
            {t.app.association}
          </Text>
          <Text size="xs" c="gray.5">
            {f(t.footer.copyright, `${new Date().getFullYear()} ${t.app.association}`)}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
