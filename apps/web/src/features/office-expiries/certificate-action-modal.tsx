import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { api, type OfficeExpiry } from '@mels/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call } from '../../lib/api-client.ts';
import { EXPIRIES_KEY, fieldError, messageOf, useExpiriesI18n } from './expiries-i18n.ts';

export type CertificateAction = { kind: 'extend' | 'revoke'; row: OfficeExpiry };

/**
 * Extend or revoke a certificate by hand (decision 038): a reason is required and kept in the audit log.
 * Extension issues the renewed certificate; revocation uses the certificates module's revoke.
 */
export function CertificateActionModal(props: {
  action: CertificateAction | null;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t, f, x } = useExpiriesI18n();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const action = props.action;
  const run = useMutation({
    mutationFn: async (a: CertificateAction) => {
      const params = { id: a.row.certificate_id };
      if (!reason.trim()) throw new ReasonMissing();
      if (a.kind === 'extend') {
        const done = await call(api.officeExpiries.extend, { params, body: { reason } });
        return f(x.extended, a.row.certificate_number, done.certificate_number);
      }
      await call(api.certificates.revoke, { params, body: { reason } });
      return f(x.revoked, a.row.certificate_number);
    },
    onSuccess: async (notice) => {
      await queryClient.invalidateQueries({ queryKey: EXPIRIES_KEY });
      setReason('');
      props.onDone(notice);
    },
  });
  const close = () => {
    setReason('');
    run.reset();
    props.onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action) run.mutate(action);
  };
  const reasonError = run.error instanceof ReasonMissing ? x.reasonRequired : fieldError(run.error, 'reason');
  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={
        action
          ? f(action.kind === 'extend' ? x.extendTitle : x.revokeTitle, action.row.certificate_number)
          : ''
      }
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      {action ? (
        <form onSubmit={submit}>
          <Stack gap="md">
            <Text size="sm">{action.kind === 'extend' ? x.extendLead : x.revokeLead}</Text>
            <Text size="sm" data-user-content>
              {`${action.row.member.name}（${action.row.certificate_number}）`}
            </Text>
            <Textarea
              label={x.fields.reason}
              withAsterisk
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={reasonError}
              data-testid="action-reason"
            />
            {run.isError && !reasonError ? (
              <Alert color="red" variant="light" role="alert">
                {messageOf(run.error, t.errors.generic)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {x.cancel}
              </Button>
              <Button
                type="submit"
                color={action.kind === 'revoke' ? 'red.8' : undefined}
                loading={run.isPending}
                data-testid="action-confirm"
              >
                {x.confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

/** A reason is required (the revoke route's is optional; this console asks for one either way). */
class ReasonMissing extends Error {}
