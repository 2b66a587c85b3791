import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { api, type LessonKind, type OfficeLesson } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call, callWithProgress } from '../../lib/api-client.ts';
import { CONTENT_KEY, useContentI18n } from './content-i18n.ts';
import { RemoveModal, UploadProgress } from './content-parts.tsx';
import classes from './content.module.css';
import { errorOf, fieldErrors, messageOf } from './form-errors.ts';
import { OrderedList } from './ordered-list.tsx';

const MB = 1048576;

/** The course edit page's videos tab: the course's lessons (pre-videos, or the renewal videos). */
export function LessonsTab({ courseId, isRenewal }: { courseId: number; isRenewal: boolean }) {
  const { cc, t, f } = useContentI18n();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<LessonKind>(isRenewal ? 'renewal' : 'pre');
  const [editing, setEditing] = useState<OfficeLesson | 'new' | null>(null);
  const [removing, setRemoving] = useState<OfficeLesson | null>(null);
  const [previewing, setPreviewing] = useState<OfficeLesson | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const key = [...CONTENT_KEY, 'lessons', courseId, kind];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      call(api.officeLessons.list, { params: { id: courseId }, query: { kind } }, { signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...CONTENT_KEY, 'lessons', courseId] });
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      call(api.officeLessons.reorder, { params: { id: courseId }, body: { kind, ids } }),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      setNotice(cc.console.reordered);
    },
  });
  const remove = useMutation({
    mutationFn: (lesson: OfficeLesson) =>
      call(api.officeLessons.remove, { params: { id: courseId, lessonId: lesson.id } }),
    onSuccess: async (result) => {
      setRemoving(null);
      setNotice(result.result === 'archived' ? cc.console.archived : cc.console.removed);
      await refresh();
    },
  });

  const lessons = list.data?.lessons ?? [];
  const shown = lessons.filter((l) => !l.archived);
  const hidden = lessons.filter((l) => l.archived);
  const maxMb = Math.floor((list.data?.video_max_bytes ?? 500 * MB) / MB);
  const duration = (s: number) =>
    s < 60 ? f(cc.console.seconds, s) : f(cc.console.minutesSeconds, Math.floor(s / 60), s % 60);

  const row = (lesson: OfficeLesson) => (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {lesson.thumbnail ? <img src={lesson.thumbnail} alt="" className={classes.thumb} /> : null}
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} data-user-content>
          {lesson.title}
        </Text>
        <Group gap="xs">
          {lesson.tutor ? (
            <Text size="sm" c="dimmed" data-user-content>
              {lesson.tutor}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {duration(lesson.duration)}
          </Text>
          <Badge variant="filled" color={lesson.source === 'upload' ? 'blue.8' : 'gray.7'}>
            {lesson.source === 'upload'
              ? f(cc.console.uploaded, `${Math.max(1, Math.round((lesson.video_size ?? 0) / 1024))}KB`)
              : cc.console.external}
          </Badge>
          {lesson.views > 0 ? (
            <Text size="sm" c="dimmed">
              {f(cc.console.views, lesson.views)}
            </Text>
          ) : null}
          {lesson.archived ? <Badge color="gray.7">{cc.console.archivedBadge}</Badge> : null}
        </Group>
        <Group gap="xs" mt={4}>
          <Button size="compact-sm" variant="default" onClick={() => setPreviewing(lesson)}>
            {cc.console.preview}
          </Button>
          {!lesson.archived ? (
            <>
              <Button size="compact-sm" variant="default" onClick={() => setEditing(lesson)}>
                {cc.console.edit}
              </Button>
              <Button size="compact-sm" variant="default" color="red.8" onClick={() => setRemoving(lesson)}>
                {cc.console.remove}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );

  return (
    <Stack gap="sm">
      <SegmentedControl
        value={kind}
        onChange={(v) => setKind(v as LessonKind)}
        data={[
          { value: 'pre', label: cc.kinds.pre },
          { value: 'renewal', label: cc.kinds.renewal },
        ]}
        w="fit-content"
        aria-label={cc.fields.kind}
      />
      <Text size="sm">{f(cc.console.lessonsLead, maxMb)}</Text>
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
      {reorder.isError ? (
        <Alert color="red" role="alert">
          {messageOf(reorder.error, t.errors.generic)}
        </Alert>
      ) : null}
      {list.isPending ? (
        <ListSkeleton count={3} />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : shown.length === 0 ? (
        <Text c="dimmed">{cc.console.noLessons}</Text>
      ) : (
        <OrderedList
          items={shown}
          label={(l) => l.title}
          render={row}
          onReorder={(ids) => reorder.mutate(ids)}
          disabled={reorder.isPending}
        />
      )}
      <Button w="fit-content" onClick={() => setEditing('new')}>
        {cc.console.addLesson}
      </Button>
      {hidden.length > 0 ? (
        <Stack gap="xs">
          {hidden.map((l) => (
            <div key={l.id} className={classes.body}>
              {row(l)}
            </div>
          ))}
        </Stack>
      ) : null}

      {editing ? (
        <LessonForm
          courseId={courseId}
          kind={kind}
          lesson={editing === 'new' ? null : editing}
          maxMb={maxMb}
          onClose={() => setEditing(null)}
          onSaved={async (message) => {
            setEditing(null);
            setNotice(message);
            await refresh();
          }}
        />
      ) : null}

      <RemoveModal
        opened={removing !== null}
        title={removing ? f(cc.console.removeTitle, removing.title) : ''}
        body={
          removing && removing.views > 0
            ? f(cc.console.removeBodyWatched, removing.views)
            : cc.console.removeBody
        }
        error={remove.isError ? remove.error : null}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />

      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={cc.console.previewTitle}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t.app.close }}
      >
        {previewing ? (
          <Stack gap="xs">
            <video
              className={classes.player}
              src={previewing.link}
              poster={previewing.thumbnail ?? undefined}
              controls
              preload="metadata"
              playsInline
              aria-label={previewing.title}
            />
            <Text fw={600} data-user-content>
              {previewing.title}
            </Text>
            <Text size="sm" c="dimmed">
              <span data-user-content>{previewing.tutor}</span> {duration(previewing.duration)}
            </Text>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

function LessonForm({
  courseId,
  kind,
  lesson,
  maxMb,
  onClose,
  onSaved,
}: {
  courseId: number;
  kind: LessonKind;
  lesson: OfficeLesson | null;
  maxMb: number;
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  const { cc, t, f } = useContentI18n();
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [tutor, setTutor] = useState(lesson?.tutor ?? '');
  const [source, setSource] = useState<'upload' | 'link'>(lesson?.source ?? 'upload');
  const [link, setLink] = useState(lesson?.source === 'link' ? lesson.link : '');
  const [seconds, setSeconds] = useState<number | string>(lesson?.duration ?? '');
  const [video, setVideo] = useState<File | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const body = new FormData();
      if (!lesson) body.append('kind', kind);
      body.append('title', title);
      body.append('tutor', tutor);
      body.append('duration', seconds === '' ? '' : String(seconds));
      if (source === 'link' && (!lesson || link !== lesson.link)) body.append('link', link);
      if (source === 'upload' && video) body.append('video', video);
      if (thumbnail) body.append('thumbnail', thumbnail);
      setProgress(0);
      return lesson
        ? callWithProgress(
            api.officeLessons.update,
            { params: { id: courseId, lessonId: lesson.id }, body },
            setProgress,
          )
        : callWithProgress(api.officeLessons.create, { params: { id: courseId }, body }, setProgress);
    },
    onSettled: () => setProgress(null),
    onSuccess: () => onSaved(lesson ? cc.console.saved : cc.console.added),
  });
  const errors = fieldErrors(save.error);
  const err = (field: string) => errorOf(errors, field);
  const submit = (event: FormEvent) => {
    // The modal is portalled, but React still bubbles the submit to the course form around the tabs.
    event.preventDefault();
    event.stopPropagation();
    save.mutate();
  };
  const heading = lesson ? cc.console.editLesson : cc.console.addLesson;
  return (
    <Modal
      opened
      onClose={onClose}
      title={heading}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      <form onSubmit={submit} noValidate aria-label={heading}>
        <Stack gap="sm">
          {save.isError ? (
            <Alert color="red" role="alert">
              {messageOf(save.error, t.errors.generic)}
            </Alert>
          ) : null}
          <TextInput
            label={cc.fields.title}
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={err('title')}
            data-user-content
          />
          <TextInput
            label={cc.fields.tutor}
            value={tutor}
            onChange={(e) => setTutor(e.currentTarget.value)}
            error={err('tutor')}
            data-user-content
          />
          <Radio.Group
            label={cc.console.source}
            value={source}
            onChange={(v) => setSource(v as 'upload' | 'link')}
          >
            <Group gap="md" mt={4}>
              <Radio value="upload" label={cc.console.sourceUpload} />
              <Radio value="link" label={cc.console.sourceLink} />
            </Group>
          </Radio.Group>
          {source === 'upload' ? (
            <FileInput
              label={lesson?.source === 'upload' ? cc.console.replaceVideo : cc.fields.video}
              description={f(cc.console.lessonsLead, maxMb)}
              accept="video/mp4,video/webm"
              value={video}
              onChange={setVideo}
              clearable
              error={err('video')}
            />
          ) : (
            <TextInput
              label={cc.fields.link}
              type="url"
              placeholder="https://"
              value={link}
              onChange={(e) => setLink(e.currentTarget.value)}
              error={err('link')}
            />
          )}
          <NumberInput
            label={cc.fields.duration}
            description={source === 'upload' ? cc.console.durationHelp : undefined}
            min={1}
            allowDecimal={false}
            value={seconds}
            onChange={setSeconds}
            error={err('duration')}
          />
          <FileInput
            label={cc.fields.thumbnail}
            accept="image/jpeg,image/png,image/gif"
            value={thumbnail}
            onChange={setThumbnail}
            clearable
            error={err('thumbnail')}
          />
          <UploadProgress progress={progress} />
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
