import { Alert, Anchor, Button, FileInput, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { api, COURSE_CONTENT_LIMITS, type OfficeDocument } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call, callWithProgress } from '../../lib/api-client.ts';
import { CONTENT_KEY, useContentI18n } from './content-i18n.ts';
import { RemoveModal, UploadProgress } from './content-parts.tsx';
import { errorOf, fieldErrors, messageOf } from './form-errors.ts';
import { OrderedList } from './ordered-list.tsx';

const ACCEPT = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', 'application/pdf'].join(',');

/** The course edit page's documents tab: uploaded PDF/Office files shown on the public course page. */
export function DocumentsTab({ courseId }: { courseId: number }) {
  const { cc, t, f } = useContentI18n();
  const queryClient = useQueryClient();
  const key = [...CONTENT_KEY, 'documents', courseId];
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<OfficeDocument | null>(null);
  const [removing, setRemoving] = useState<OfficeDocument | null>(null);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(api.officeCourseDocuments.list, { params: { id: courseId } }, { signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: () => {
      const body = new FormData();
      body.append('name', name);
      if (file) body.append('file', file);
      setProgress(0);
      return callWithProgress(
        api.officeCourseDocuments.create,
        { params: { id: courseId }, body },
        setProgress,
      );
    },
    onSettled: () => setProgress(null),
    onSuccess: async () => {
      setFile(null);
      setName('');
      setNotice(cc.console.documentAdded);
      await refresh();
    },
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      call(api.officeCourseDocuments.reorder, { params: { id: courseId }, body: { ids } }),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      setNotice(cc.console.reordered);
    },
  });
  const remove = useMutation({
    mutationFn: (doc: OfficeDocument) =>
      call(api.officeCourseDocuments.remove, { params: { id: courseId, documentId: doc.id } }),
    onSuccess: async () => {
      setRemoving(null);
      setNotice(cc.console.documentRemoved);
      await refresh();
    },
  });
  const errors = fieldErrors(add.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    add.mutate();
  };
  const documents = list.data?.documents ?? [];

  return (
    <Stack gap="sm">
      <Text size="sm">{f(cc.console.documentsLead, COURSE_CONTENT_LIMITS.documentMaxMb)}</Text>
      {notice ? (
        <Alert
          color="teal"
          role="status"
          withCloseButton
          closeButtonLabel={t.app.close}
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      ) : null}
      {list.isPending ? (
        <ListSkeleton count={3} />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : documents.length === 0 ? (
        <Text c="dimmed">{cc.console.noDocuments}</Text>
      ) : (
        <OrderedList
          items={documents}
          label={(d) => d.name}
          onReorder={(ids) => reorder.mutate(ids)}
          disabled={reorder.isPending}
          render={(doc) => (
            <Stack gap={2}>
              <Anchor href={doc.link} target="_blank" fw={600} data-user-content>
                {doc.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {f(cc.console.size, Math.max(1, Math.round(doc.size / 1024)))}
              </Text>
              <Group gap="xs" mt={4}>
                <Button size="compact-sm" variant="default" onClick={() => setRenaming(doc)}>
                  {cc.console.rename}
                </Button>
                <Button size="compact-sm" variant="default" color="red.8" onClick={() => setRemoving(doc)}>
                  {cc.console.remove}
                </Button>
              </Group>
            </Stack>
          )}
        />
      )}

      {/* Not a <form>: the tabs sit inside the course's form; Enter in the name field uploads. */}
      <Stack gap="xs" maw={520}>
        {add.isError ? (
          <Alert color="red" role="alert">
            {messageOf(add.error, t.errors.generic)}
          </Alert>
        ) : null}
        <FileInput
          label={cc.fields.file}
          accept={ACCEPT}
          value={file}
          onChange={setFile}
          clearable
          error={errorOf(errors, 'file')}
        />
        <TextInput
          label={cc.fields.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errorOf(errors, 'name')}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit(e as unknown as FormEvent);
          }}
        />
        <UploadProgress progress={progress} />
        <Button w="fit-content" loading={add.isPending} onClick={() => add.mutate()}>
          {cc.console.uploadDocument}
        </Button>
      </Stack>

      {renaming ? (
        <RenameDocument
          courseId={courseId}
          doc={renaming}
          onClose={() => setRenaming(null)}
          onSaved={async () => {
            setRenaming(null);
            setNotice(cc.console.renamed);
            await refresh();
          }}
        />
      ) : null}

      <RemoveModal
        opened={removing !== null}
        title={removing ? f(cc.console.removeDocumentTitle, removing.name) : ''}
        body={cc.console.removeDocumentBody}
        error={remove.isError ? remove.error : null}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Stack>
  );
}

function RenameDocument({
  courseId,
  doc,
  onClose,
  onSaved,
}: {
  courseId: number;
  doc: OfficeDocument;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { cc, t } = useContentI18n();
  const [name, setName] = useState(doc.name);
  const save = useMutation({
    mutationFn: () =>
      call(api.officeCourseDocuments.rename, {
        params: { id: courseId, documentId: doc.id },
        body: { name },
      }),
    onSuccess: onSaved,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={cc.console.rename}
      centered
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      <form
        noValidate
        aria-label={cc.console.rename}
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          save.mutate();
        }}
      >
        <Stack>
          <TextInput
            label={cc.fields.name}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={
              errorOf(fieldErrors(save.error), 'name') ??
              (save.isError ? messageOf(save.error, t.errors.generic) : undefined)
            }
            data-user-content
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {cc.console.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {cc.console.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
