import { Alert, Badge, Button, Group, Modal, Pagination, Stack, Text, Textarea } from '@mantine/core';
import type { Pagination as PageInfo } from '@mels/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useOfficeI18n } from './office-messages.ts';
import { OFFICE_KEY } from './api/office-calls.ts';
import classes from './office.module.css';

/** The server's Japanese message of a failed action. */
export function errorMessage(error: unknown, fallback: string) {
  return error instanceof ApiRequestError ? error.message : fallback;
}

/** A table that scrolls sideways on a phone; the region itself takes focus so keyboards can scroll it. */
export function TableScroll({
  label,
  children,
  minWidth = 720,
}: {
  label: string;
  children: ReactNode;
  minWidth?: number;
}) {
  return (
    <div
      className={classes.scroll}
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ '--office-table-min': `${minWidth}px` } as CSSProperties}
    >
      {children}
    </div>
  );
}

/** Pages of a list (hidden when there is only one). */
export function OfficePager({
  pagination,
  onChange,
}: {
  pagination?: PageInfo;
  onChange: (page: number) => void;
}) {
  const { f, o } = useOfficeI18n();
  if (!pagination || pagination.pages <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination
        total={pagination.pages}
        value={pagination.page}
        onChange={onChange}
        getItemProps={(page) => ({ 'aria-label': f(o.pager, page) })}
        getControlProps={(control) => ({ 'aria-label': o.pagerControls[control] })}
        size="sm"
      />
    </Group>
  );
}

/** Feedback of the last action on a page, read out by screen readers. */
export function ActionNotice({
  notice,
  onClose,
}: {
  notice: { ok: boolean; text: string } | null;
  onClose: () => void;
}) {
  const { t } = useOfficeI18n();
  if (!notice) return null;
  return (
    <Alert
      color={notice.ok ? 'teal' : 'red'}
      variant="light"
      role={notice.ok ? 'status' : 'alert'}
      withCloseButton
      closeButtonLabel={t.app.close}
      onClose={onClose}
      mb="md"
      data-testid="office-notice"
    >
      {notice.text}
    </Alert>
  );
}

/**
 * A confirm dialog around one office action: states the consequences, runs the call, shows the API's
 * message when it is refused, and refreshes every office query on success.
 */
export function ConfirmAction<T>({
  opened,
  title,
  children,
  confirmLabel,
  color,
  disabled,
  action,
  onDone,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  /** Keeps the confirm button off until the dialog's own fields are filled in (a required reason). */
  disabled?: boolean;
  action: () => Promise<T>;
  onDone: (result: T) => void;
  onClose: () => void;
}) {
  const { t, o } = useOfficeI18n();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: OFFICE_KEY });
      onDone(result);
      mutation.reset();
    },
  });
  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      <Stack gap="md">
        <Stack gap="xs">{typeof children === 'string' ? <Text size="sm">{children}</Text> : children}</Stack>
        {mutation.isError ? (
          <Alert color="red" variant="light" role="alert" data-testid="confirm-error">
            {errorMessage(mutation.error, t.errors.generic)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            {o.confirm.cancel}
          </Button>
          <Button
            color={color}
            loading={mutation.isPending}
            disabled={disabled}
            onClick={() => mutation.mutate()}
            data-autofocus={disabled === undefined ? true : undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A red confirm dialog that asks for the reason of an office action (declining an assistant, undoing a
 * check-in, revoking a certificate): the confirm button stays off until a reason is typed, and the
 * trimmed reason goes to the action. The reason starts empty each time the dialog opens.
 */
export function ReasonAction<T>({
  opened,
  title,
  confirmLabel,
  body,
  reasonLabel,
  reasonHint,
  testId,
  action,
  onDone,
  onClose,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  body: ReactNode;
  reasonLabel: string;
  reasonHint: string;
  /** data-testid of the reason field. */
  testId: string;
  action: (reason: string) => Promise<T>;
  onDone: (result: T) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setReason('');
  }
  return (
    <ConfirmAction
      opened={opened}
      title={title}
      confirmLabel={confirmLabel}
      color="red.9"
      disabled={reason.trim() === ''}
      action={() => action(reason.trim())}
      onDone={onDone}
      onClose={onClose}
    >
      <Text size="sm">{body}</Text>
      <Textarea
        label={reasonLabel}
        description={reasonHint}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={500}
        autosize
        minRows={2}
        data-autofocus
        data-testid={testId}
      />
    </ConfirmAction>
  );
}

/** YYYY/MM/DD HH:mm in Japan time (the shared formatter, for the office's pages). */
export { formatDateTime } from '../../lib/format.ts';

/** A badge whose text is shade 9 of its colour (Mantine's light and outline badges fall under 4.5:1). */
export function Tag({
  color,
  variant = 'light',
  size = 'sm',
  children,
}: {
  color: string;
  variant?: 'light' | 'outline';
  size?: 'xs' | 'sm' | 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Badge variant={variant} color={color} c={color === 'orange' ? 'dark.6' : `${color}.9`} size={size}>
      {children}
    </Badge>
  );
}
