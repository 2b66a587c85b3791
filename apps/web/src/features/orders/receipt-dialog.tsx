import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { invoiceSchema, orderNumber } from '@mels/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { downloadReceipt } from './api/order-calls.ts';
import { saveBlob } from '../../lib/download.ts';
import { useLocalizedResolver } from '../../lib/messages.ts';

/** The receipt form: the name it is made out to (required), then the PDF download. */
export function ReceiptDialog({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useI18n();
  const m = t.payments.receipt;
  const { user } = useAuth();
  const memberName = user?.fullname ?? '';
  const form = useForm<{ full_name: string }>({
    resolver: useLocalizedResolver(zodResolver(invoiceSchema)),
    defaultValues: { full_name: memberName },
  });
  // Each opening starts from the member's name, which the member may change (issue 13 §6).
  useEffect(() => {
    if (orderId !== null) form.reset({ full_name: memberName });
  }, [orderId, memberName, form]);
  const mutation = useMutation({
    mutationFn: (fullName: string) => downloadReceipt(orderId ?? 0, fullName),
    onSuccess: ({ blob, filename }) => {
      saveBlob(blob, filename ?? `receipt_${orderNumber(orderId ?? 0)}.pdf`);
      close();
    },
  });
  const close = () => {
    form.reset();
    mutation.reset();
    onClose();
  };
  return (
    <Modal
      opened={orderId !== null}
      onClose={close}
      title={m.title}
      centered
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values.full_name.trim()))}>
        <Stack gap="md">
          <Text size="sm">{m.lead}</Text>
          {mutation.isError ? (
            <Alert color="red" variant="light" role="alert">
              {mutation.error instanceof ApiRequestError ? mutation.error.message : t.errors.generic}
            </Alert>
          ) : null}
          <TextInput
            label={m.fullName}
            required
            data-autofocus
            autoComplete="name"
            rightSection={<Text size="sm">様</Text>}
            {...form.register('full_name')}
            error={form.formState.errors.full_name?.message}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {m.cancel}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {m.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
