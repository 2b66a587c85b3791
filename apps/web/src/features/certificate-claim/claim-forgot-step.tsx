import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useClaimI18n } from './claim-messages.ts';
import { BackToStart, ClaimFrame, claimPath } from './claim-shared.tsx';

/** /certificate/{courseId}/forgot-certificate-no: where the number is, the attendance code instead, the office. */
export function ForgotStep() {
  const { t, c } = useClaimI18n();
  const m = c.forgot;
  return (
    <ClaimFrame title={m.title}>
      {(course) => (
        <Stack gap="lg">
          <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Text>{m.lead}</Text>
              <Button
                component={Link}
                to={claimPath(course.id, 'input-code')}
                w={{ base: '100%', sm: 'auto' }}
                style={{ alignSelf: 'flex-start' }}
              >
                {m.toAttendance}
              </Button>
            </Stack>
          </Paper>
          <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="claim-office">
            <Stack gap="sm">
              <Title order={2} fz={18} id="claim-office">
                {t.footer.contact}
              </Title>
              <Text>{m.contact}</Text>
              <Anchor component={Link} to="/contact-us">
                {m.contactLink}
              </Anchor>
            </Stack>
          </Paper>
          <BackToStart />
        </Stack>
      )}
    </ClaimFrame>
  );
}
