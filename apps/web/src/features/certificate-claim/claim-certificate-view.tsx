import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useClaimI18n } from './claim-messages.ts';
import { downloadClaimedCertificate, type ClaimedCertificate } from './api/claim-calls.ts';
import { errorText, Fact, FocusTitle } from './claim-shared.tsx';
import classes from './claim.module.css';
import { pdfFrameSrc, saveBlob } from '../../lib/download.ts';

/** The claimed certificate: the completion note, the PDF (frame and download). */
export function ClaimCertificateView({
  certificate,
  holderName,
}: {
  certificate: ClaimedCertificate;
  holderName: string;
}) {
  const { t, c } = useClaimI18n();
  const m = c.certificate;
  const [downloaded, setDownloaded] = useState(false);
  const download = useMutation({
    mutationFn: () => downloadClaimedCertificate(certificate.certificate_id),
    onSuccess: ({ blob, filename }) => {
      saveBlob(blob, filename ?? certificate.name);
      setDownloaded(true);
    },
  });
  return (
    <Stack gap="lg" data-testid="claim-certificate">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <FocusTitle>{m.completeTitle}</FocusTitle>
          <Alert color="teal" variant="light" role="status">
            {m.completeBody}
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
            <Fact label={m.number} testId="claim-certificate-number">
              {certificate.certificate_number}
            </Fact>
            <Fact label={m.holder}>{holderName}</Fact>
          </SimpleGrid>
          <Group gap="sm">
            <Button
              onClick={() => download.mutate()}
              loading={download.isPending}
              data-testid="claim-download"
            >
              {m.download}
            </Button>
            <Button component={Link} to="/my-page/activities" variant="default">
              {m.toActivities}
            </Button>
          </Group>
          <div aria-live="polite">
            {download.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorText(download.error, t.errors.generic)}
              </Alert>
            ) : downloaded ? (
              <Text size="sm">{m.downloaded}</Text>
            ) : null}
          </div>
        </Stack>
      </Paper>
      <iframe
        className={classes.frame}
        src={pdfFrameSrc(certificate.link)}
        title={m.frameTitle}
        height={580}
        data-testid="claim-certificate-frame"
      />
    </Stack>
  );
}
