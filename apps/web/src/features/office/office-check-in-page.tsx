import { Alert, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { formatDate, todayInJapan } from '../../lib/format.ts';
import { useOfficeI18n } from './office-messages.ts';
import { checkIn, OFFICE_KEY, trainingsQuery, type CheckInResult } from './api/office-calls.ts';
import { errorMessage, formatDateTime, TableScroll } from './office-shared.tsx';

type Detector = { detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string }>> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The browser's own QR reader (Chromium on Android/ChromeOS/macOS), when there is one. */
const barcodeDetector = (): DetectorClass | null =>
  (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector ?? null;

/** Reads QR codes from the camera with BarcodeDetector; calls onCode for each new value. */
function CameraScanner({ onCode, onError }: { onCode: (code: string) => void; onError: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    const detector = new Detector({ formats: ['qr_code'] });
    let stream: MediaStream | null = null;
    let timer = 0;
    let last = '';
    let stopped = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !videoRef.current) return;
        videoRef.current.srcObject = stream;
        await videoRef.current.play();
        timer = window.setInterval(() => {
          if (!videoRef.current) return;
          void detector.detect(videoRef.current).then((codes) => {
            const value = codes[0]?.rawValue;
            if (value && value !== last) {
              last = value;
              onCode(value);
            }
          });
        }, 400);
      } catch {
        onError();
      }
    })();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode, onError]);
  return <video ref={videoRef} muted playsInline style={{ width: '100%', maxWidth: 360, borderRadius: 8 }} />;
}

/** /office/check-in: scan or type a ticket's attendance code; keeps a list of this page's check-ins. */
export function OfficeCheckInPage() {
  const { t, o } = useOfficeI18n();
  const m = o.checkIn;
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [trainingId, setTrainingId] = useState<string | null>(null);
  const [history, setHistory] = useState<CheckInResult[]>([]);
  const [camera, setCamera] = useState(false);
  const [cameraError, setCameraError] = useState(false);
  const sessions = useQuery(trainingsQuery({ page: 1, from: todayInJapan() }));
  const mutation = useMutation({
    mutationFn: (value: string) => checkIn(value, trainingId ? Number(trainingId) : undefined),
    onSuccess: (result) => {
      setHistory((list) => [result, ...list]);
      void queryClient.invalidateQueries({ queryKey: OFFICE_KEY });
    },
    onSettled: () => {
      setCode('');
      inputRef.current?.focus();
    },
  });
  const { mutate } = mutation;
  // /office/check-in/{token}: the ticket's QR code opened with a phone camera checks it in at once.
  const { token } = useParams();
  const linked = useRef<string | null>(null);
  useEffect(() => {
    if (!token || linked.current === token) return;
    linked.current = token;
    mutate(token);
  }, [token, mutate]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) mutate(code.trim());
  };
  const onCameraError = useCallback(() => {
    setCamera(false);
    setCameraError(true);
  }, []);
  const onCameraCode = useCallback((value: string) => mutate(value.trim()), [mutate]);
  const result = mutation.data;
  return (
    <>
      <PageHeading title={m.title} lead={m.lead} />
      <Paper withBorder radius="md" p="md" mb="lg" maw={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Select
              label={m.session}
              description={m.sessionHelp}
              placeholder={m.anySession}
              clearable
              searchable
              data={(sessions.data?.data ?? []).map((s) => ({
                value: String(s.id),
                label: `${formatDate(s.event_date)} ${s.name}`,
              }))}
              value={trainingId}
              onChange={setTrainingId}
            />
            <TextInput
              ref={inputRef}
              label={m.code}
              placeholder={m.codePlaceholder}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoFocus
              autoComplete="off"
              spellCheck={false}
              data-testid="check-in-code"
            />
            <Group gap="sm">
              <Button type="submit" loading={mutation.isPending} disabled={!code.trim()}>
                {m.submit}
              </Button>
              {barcodeDetector() ? (
                <Button variant="default" onClick={() => setCamera((v) => !v)}>
                  {camera ? m.cameraStop : m.camera}
                </Button>
              ) : null}
            </Group>
            {camera ? <CameraScanner onCode={onCameraCode} onError={onCameraError} /> : null}
            {cameraError ? (
              <Text size="sm" c="red.8">
                {m.cameraError}
              </Text>
            ) : null}
          </Stack>
        </form>
        <div aria-live="polite">
          {mutation.isError ? (
            <Alert color="red" variant="light" mt="md" data-testid="check-in-error">
              <Text fw={700} c="red.9">
                {m.refused}
              </Text>
              <Text size="sm" c="dark.7">
                {errorMessage(mutation.error, t.errors.generic)}
              </Text>
            </Alert>
          ) : null}
          {mutation.isSuccess && result ? (
            <Alert color="teal" variant="light" mt="md" data-testid="check-in-success">
              <Text fw={700} c="dark.7">
                {m.success}
              </Text>
              <Text fw={700} size="lg" c="dark.9">
                {result.fullname}
              </Text>
              <Text size="sm" c="dark.7">
                {result.training_name}
              </Text>
            </Alert>
          ) : null}
        </div>
      </Paper>
      <Title order={2} fz="lg" mb="sm">
        {m.list}
      </Title>
      {history.length === 0 ? (
        <EmptyState>{m.listEmpty}</EmptyState>
      ) : (
        <TableScroll label={m.list}>
          <Table verticalSpacing="xs" fz="sm" data-testid="check-in-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.at}</Table.Th>
                <Table.Th scope="col">{o.training.columns.name}</Table.Th>
                <Table.Th scope="col">{o.cancel.session}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.map((h) => (
                <Table.Tr key={h.enrollment_id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(h.checked_in_at)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{h.fullname}</Table.Td>
                  <Table.Td>{h.training_name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </>
  );
}

/** /check-in/{token}, the URL in a ticket's QR code: the office's check-in page for that ticket. */
export function CheckInLink() {
  const { token } = useParams();
  return (
    <Navigate to={token ? `/office/check-in/${encodeURIComponent(token)}` : '/office/check-in'} replace />
  );
}
