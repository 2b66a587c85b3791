import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import type { RenewalView } from '@mels/domain';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pdfFrameSrc, saveBlob } from '../../lib/download.ts';
import { formatDate } from '../../lib/format.ts';
import { downloadRenewedCertificate } from './api/renewal-calls.ts';
import { useRenewalI18n } from './renewal-messages.ts';
import { errorText, Fact, Panel, RenewalGuard, renewalPaths, type RenewalKey } from './renewal-shared.tsx';
import classes from './renewal.module.css';

function CertificateBody({ renewal, k }: { renewal: RenewalView; k: RenewalKey }) {
  const { r, t, f } = useRenewalI18n();
  const m = r.certificatePage;
  const c = renewal.certificate;
  const save = useMutation({
    mutationFn: () => downloadRenewedCertificate(k.requestId),
    onSuccess: ({ blob, filename }) =>
      saveBlob(blob, filename ?? `${c?.certificate_number ?? 'certificate'}.pdf`),
  });
  if (!c)
    return (
      <Alert color="yellow" variant="light">
        {m.notReady}
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Panel title={m.title} testId="renewal-certificate">
        <Alert color="teal" variant="light" role="status">
          {m.lead}
        </Alert>
        <dl style={{ display: 'grid', gap: 8, margin: 0 }}>
          <Fact label={r.certificate.number} testId="renewal-new-number">
            {c.certificate_number}
          </Fact>
          <Fact label={r.certificate.period} testId="renewal-new-period">
            {f(r.certificate.range, formatDate(c.start_date), c.end_date ? formatDate(c.end_date) : '')}
          </Fact>
        </dl>
        <Group gap="lg">
          <Anchor component={Link} to={c.verify_path} data-testid="renewal-verify-new">
            {m.verifyNew}
          </Anchor>
          <Anchor
            component={Link}
            to={renewal.source_certificate.verify_path}
            data-testid="renewal-verify-old"
          >
            {m.verifyOld}
          </Anchor>
        </Group>
        {save.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(save.error, t.errors.generic)}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="renewal-download">
            {m.download}
          </Button>
          <Button component={Link} to={renewalPaths.session(k)} variant="default">
            {r.backToSession}
          </Button>
        </Group>
      </Panel>
      <iframe
        src={pdfFrameSrc(c.link)}
        title={m.frame}
        height={685}
        className={classes.frame}
        data-testid="renewal-certificate-frame"
      />
    </Stack>
  );
}

/** …/extend/{certificateId}/{requestId}/certificate: the renewed certificate (frame 685 px high) and its PDF. */
export function RenewalCertificatePage() {
  return (
    <RenewalGuard page="certificate" lead={null}>
      {(renewal, k) => <CertificateBody renewal={renewal} k={k} />}
    </RenewalGuard>
  );
}
