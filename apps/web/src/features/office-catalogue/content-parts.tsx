import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useContentI18n } from './content-i18n.ts';
import { messageOf } from './form-errors.ts';

/** An upload's progress (0–1) as a status line and a bar; nothing when no upload runs. */
export function UploadProgress({ progress }: { progress: number | null }) {
  const { cc, f } = useContentI18n();
  if (progress === null) return null;
  const label = f(cc.console.uploading, Math.round(progress * 100));
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        {label}
      </Text>
      <Progress value={progress * 100} aria-label={label} />
    </Stack>
  );
}

/** The confirmation before removing a lesson or a document: what happens, the server's refusal, cancel / remove. */
export function RemoveModal(props: {
  opened: boolean;
  title: string;
  body: ReactNode;
  error: unknown;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { cc, t } = useContentI18n();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      <Stack>
        <Text>{props.body}</Text>
        {props.error ? (
          <Alert color="red" role="alert">
            {messageOf(props.error, t.errors.generic)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {cc.console.cancel}
          </Button>
          <Button color="red.8" loading={props.pending} onClick={props.onConfirm}>
            {cc.console.remove}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
