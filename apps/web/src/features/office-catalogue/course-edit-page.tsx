import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { api, OCCUPATIONS, RECRUITABLE_USER_TYPES, type CourseCreate, type OfficeCourse } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { call } from '../../lib/api-client.ts';
import { CATALOGUE_KEY, useCatalogueI18n } from './catalogue-i18n.ts';
import { errorOf, fieldErrors, messageOf } from './form-errors.ts';
import classes from './catalogue.module.css';
import { QuizEditorPanel } from './quiz-editor-panel.tsx';
import { useQuizzesI18n } from './quizzes-i18n.ts';
import { SurveyEditorPanel } from './survey-editor-panel.tsx';
import { useContentI18n } from './content-i18n.ts';
import { DocumentsTab } from './documents-tab.tsx';
import { LessonsTab } from './lessons-tab.tsx';

/** The tabs with a save of their own (the test and survey editors): the course's save is not shown there. */
const OWN_SAVE_TABS = ['pre', 'post', 'renewal', 'survey', 'lessons', 'documents'];

type CourseForm = Required<Omit<CourseCreate, 'certification_period' | 'certificate_prefix'>> & {
  certification_period: number | null;
  certificate_prefix: string;
};

const EMPTY: CourseForm = {
  name: '',
  description: '',
  duration: '',
  participant: '',
  resource: '',
  certification_standard: '',
  certification_period: null,
  certification_renew: '',
  memo: '',
  price: 0,
  order: 0,
  certificate_prefix: '',
  is_renewal: false,
  is_active: true,
  occupations: [],
  course_conditions: [],
  video_previews: [],
};

function formOf(course: OfficeCourse): CourseForm {
  return {
    name: course.name,
    description: course.description,
    duration: course.duration,
    participant: course.participant,
    resource: course.resource,
    certification_standard: course.certification_standard,
    certification_period: course.certification_period,
    certification_renew: course.certification_renew,
    memo: course.memo,
    price: course.price,
    order: course.order,
    certificate_prefix: course.certificate_prefix ?? '',
    is_renewal: course.is_renewal,
    is_active: course.is_active,
    occupations: course.occupations,
    course_conditions: course.course_conditions,
    video_previews: course.video_previews.map(({ name, link }) => ({ name, link })),
  };
}

/** Moves an item of a list one place up (-1) or down (+1). */
function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to] as T, out[index] as T];
  return out;
}

/**
 * /office/courses/new and /office/courses/:id: a course's details, conditions and preview videos.
 * `actions` adds controls beside the back link for a saved course (app/pages adds the public preview).
 */
export function CourseEditPage({ actions }: { actions?: (course: OfficeCourse) => ReactNode } = {}) {
  const { id } = useParams();
  const courseId = id && id !== 'new' ? Number(id) : null;
  const { c } = useCatalogueI18n();
  const course = useQuery({
    queryKey: [...CATALOGUE_KEY, 'course', courseId],
    queryFn: ({ signal }) => call(api.officeCourses.detail, { params: { id: courseId ?? 0 } }, { signal }),
    enabled: courseId !== null,
  });
  if (courseId !== null && course.isPending) return <ListSkeleton count={5} />;
  if (courseId !== null && course.isError)
    return <QueryError error={course.error} onRetry={() => void course.refetch()} />;
  return (
    <Stack gap="md">
      <PageHeading title={courseId === null ? c.console.newCourse : c.console.editCourse} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Anchor component={Link} to="/office/courses" size="sm">
          {c.console.back}
        </Anchor>
        {course.data && actions ? actions(course.data) : null}
      </Group>
      <CourseForm
        key={courseId ?? 'new'}
        courseId={courseId}
        initial={course.data ? formOf(course.data) : EMPTY}
        sessions={course.data?.sessions ?? 0}
      />
    </Stack>
  );
}

function CourseForm({
  courseId,
  initial,
  sessions,
}: {
  courseId: number | null;
  initial: CourseForm;
  sessions: number;
}) {
  const { c, t, f } = useCatalogueI18n();
  const fl = c.fields;
  const { q } = useQuizzesI18n();
  const { cc } = useContentI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<CourseForm>(initial);
  const [tab, setTab] = useState<string | null>('details');
  const location = useLocation();
  const [done, setDone] = useState<string | null>(
    (location.state as { notice?: string } | null)?.notice ?? null,
  );
  const [confirmDelete, setConfirmDelete] = useState(false);
  const set = <K extends keyof CourseForm>(key: K, value: CourseForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const courses = useQuery({
    queryKey: [...CATALOGUE_KEY, 'courses', 'all'],
    queryFn: ({ signal }) => call(api.officeCourses.list, { query: { limit: 100 } }, { signal }),
  });
  const courseOptions = (courses.data?.data ?? [])
    .filter((x) => x.id !== courseId)
    .map((x) => ({ value: String(x.id), label: x.name }));
  const userTypeOptions = [
    { value: '', label: c.console.anyUserType },
    ...RECRUITABLE_USER_TYPES.map((u) => ({ value: String(u), label: t.userTypes[u] })),
  ];

  const save = useMutation({
    mutationFn: async () => {
      const body = { ...form, certificate_prefix: form.certificate_prefix.trim() || null };
      if (courseId === null) return (await call(api.officeCourses.create, { body })).id;
      await call(api.officeCourses.update, { params: { id: courseId }, body });
      return courseId;
    },
    onError: (error) => {
      // Show the tab of the first field the server named.
      const first = Object.keys(fieldErrors(error))[0];
      if (!first) return;
      setTab(
        first.startsWith('course_conditions')
          ? 'conditions'
          : first.startsWith('video_previews')
            ? 'videos'
            : 'details',
      );
    },
    onSuccess: async (savedId) => {
      await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
      if (courseId === null)
        void navigate(`/office/courses/${savedId}`, { replace: true, state: { notice: c.console.created } });
      else setDone(c.console.saved);
    },
  });
  const remove = useMutation({
    mutationFn: () => call(api.officeCourses.remove, { params: { id: courseId ?? 0 } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
      void navigate('/office/courses');
    },
  });
  const errors = fieldErrors(save.error);
  const err = (field: string) => errorOf(errors, field);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    save.mutate();
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={courseId === null ? c.console.newCourse : c.console.editCourse}
    >
      <Stack gap="md">
        {save.isError ? (
          <Alert color="red" role="alert" title={messageOf(save.error, t.errors.generic)}>
            {Object.keys(errors).length ? c.console.errorsAbove : null}
          </Alert>
        ) : null}
        {done ? (
          <Alert color="teal" role="status">
            {done}
          </Alert>
        ) : null}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="details">{c.console.tabs.details}</Tabs.Tab>
            <Tabs.Tab value="conditions">{c.console.tabs.conditions}</Tabs.Tab>
            <Tabs.Tab value="videos">{c.console.tabs.videos}</Tabs.Tab>
            {courseId !== null ? <Tabs.Tab value="lessons">{cc.console.videosTab}</Tabs.Tab> : null}
            {courseId !== null ? (
              <>
                <Tabs.Tab value="pre">{q.console.tabs.pre}</Tabs.Tab>
                <Tabs.Tab value="post">{q.console.tabs.post}</Tabs.Tab>
                {form.is_renewal ? <Tabs.Tab value="renewal">{q.console.tabs.renewal}</Tabs.Tab> : null}
                <Tabs.Tab value="survey">{q.console.tabs.survey}</Tabs.Tab>
                <Tabs.Tab value="documents">{cc.console.documentsTab}</Tabs.Tab>
              </>
            ) : null}
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <Stack gap="sm">
              <TextInput
                label={fl.name}
                required
                value={form.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                error={err('name')}
              />
              <Group grow align="flex-start" wrap="wrap">
                <NumberInput
                  label={fl.price}
                  min={0}
                  thousandSeparator=","
                  suffix="円"
                  value={form.price}
                  onChange={(v) => set('price', typeof v === 'number' ? v : 0)}
                  error={err('price')}
                />
                <NumberInput
                  label={fl.order}
                  min={0}
                  value={form.order}
                  onChange={(v) => set('order', typeof v === 'number' ? v : 0)}
                  error={err('order')}
                />
              </Group>
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label={fl.certificatePrefix}
                  value={form.certificate_prefix}
                  onChange={(e) => set('certificate_prefix', e.currentTarget.value)}
                  error={err('certificate_prefix')}
                />
                <NumberInput
                  label={fl.certificationPeriod}
                  min={1}
                  max={99}
                  value={form.certification_period ?? ''}
                  onChange={(v) => set('certification_period', typeof v === 'number' ? v : null)}
                  error={err('certification_period')}
                />
              </Group>
              <Textarea
                label={fl.description}
                autosize
                minRows={3}
                value={form.description}
                onChange={(e) => set('description', e.currentTarget.value)}
                error={err('description')}
              />
              <TextInput
                label={fl.duration}
                value={form.duration}
                onChange={(e) => set('duration', e.currentTarget.value)}
                error={err('duration')}
              />
              <Textarea
                label={fl.participant}
                autosize
                value={form.participant}
                onChange={(e) => set('participant', e.currentTarget.value)}
                error={err('participant')}
              />
              <Textarea
                label={fl.resource}
                autosize
                value={form.resource}
                onChange={(e) => set('resource', e.currentTarget.value)}
                error={err('resource')}
              />
              <Textarea
                label={fl.certificationStandard}
                autosize
                value={form.certification_standard}
                onChange={(e) => set('certification_standard', e.currentTarget.value)}
                error={err('certification_standard')}
              />
              <Textarea
                label={fl.certificationRenew}
                autosize
                value={form.certification_renew}
                onChange={(e) => set('certification_renew', e.currentTarget.value)}
                error={err('certification_renew')}
              />
              <Textarea
                label={fl.memo}
                autosize
                value={form.memo}
                onChange={(e) => set('memo', e.currentTarget.value)}
                error={err('memo')}
              />
              <Checkbox.Group
                label={fl.occupations}
                description={c.console.allOccupations}
                value={form.occupations.map(String)}
                onChange={(v) => set('occupations', v.map(Number))}
                error={err('occupations')}
              >
                <Group gap="md" mt={4}>
                  {OCCUPATIONS.map((o) => (
                    <Checkbox key={o.id} value={String(o.id)} label={t.occupations[o.key]} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Checkbox
                label={fl.isRenewal}
                checked={form.is_renewal}
                onChange={(e) => set('is_renewal', e.currentTarget.checked)}
              />
              <Switch
                label={fl.isActive}
                checked={form.is_active}
                onChange={(e) => set('is_active', e.currentTarget.checked)}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="conditions" pt="md">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {c.console.conditionsHelp}
              </Text>
              {err('course_conditions') ? (
                <Text c="red.8" size="sm" role="alert">
                  {err('course_conditions')}
                </Text>
              ) : null}
              {form.course_conditions.map((group, g) => (
                <fieldset key={g} className={classes.row}>
                  <legend>{f(c.console.group, g + 1)}</legend>
                  <Stack gap="xs">
                    {group.map((alt, i) => (
                      <Group key={i} align="flex-end" wrap="wrap">
                        <Select
                          label={fl.conditionCourse}
                          data={courseOptions}
                          value={String(alt.course_id || '')}
                          onChange={(v) =>
                            set(
                              'course_conditions',
                              form.course_conditions.map((gg, gi) =>
                                gi === g
                                  ? gg.map((a, ai) => (ai === i ? { ...a, course_id: Number(v) } : a))
                                  : gg,
                              ),
                            )
                          }
                          error={err(`course_conditions.${g}.${i}.course_id`)}
                          searchable
                          style={{ flex: '1 1 220px' }}
                        />
                        <Select
                          label={fl.conditionUserType}
                          data={userTypeOptions}
                          value={alt.user_type_id === null ? '' : String(alt.user_type_id)}
                          onChange={(v) =>
                            set(
                              'course_conditions',
                              form.course_conditions.map((gg, gi) =>
                                gi === g
                                  ? gg.map((a, ai) =>
                                      ai === i ? { ...a, user_type_id: v ? Number(v) : null } : a,
                                    )
                                  : gg,
                              ),
                            )
                          }
                          allowDeselect={false}
                          style={{ flex: '0 1 180px' }}
                        />
                        <Button
                          variant="default"
                          onClick={() =>
                            set(
                              'course_conditions',
                              form.course_conditions
                                .map((gg, gi) => (gi === g ? gg.filter((_, ai) => ai !== i) : gg))
                                .filter((gg) => gg.length > 0),
                            )
                          }
                        >
                          {c.console.removeRow}
                        </Button>
                      </Group>
                    ))}
                    <Button
                      variant="light"
                      size="xs"
                      w="fit-content"
                      onClick={() =>
                        set(
                          'course_conditions',
                          form.course_conditions.map((gg, gi) =>
                            gi === g ? [...gg, { course_id: 0, user_type_id: null }] : gg,
                          ),
                        )
                      }
                    >
                      {c.console.addAlternative}
                    </Button>
                  </Stack>
                </fieldset>
              ))}
              <Button
                variant="light"
                w="fit-content"
                onClick={() =>
                  set('course_conditions', [
                    ...form.course_conditions,
                    [{ course_id: 0, user_type_id: null }],
                  ])
                }
              >
                {c.console.addGroup}
              </Button>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="videos" pt="md">
            <Stack gap="sm">
              {err('video_previews') ? (
                <Text c="red.8" size="sm" role="alert">
                  {err('video_previews')}
                </Text>
              ) : null}
              {form.video_previews.map((video, i) => (
                <Group key={i} align="flex-end" wrap="wrap" className={classes.row}>
                  <TextInput
                    label={fl.videoName}
                    value={video.name}
                    onChange={(e) => {
                      const name = e.currentTarget.value;
                      set(
                        'video_previews',
                        form.video_previews.map((v, vi) => (vi === i ? { ...v, name } : v)),
                      );
                    }}
                    error={err(`video_previews.${i}.name`)}
                    style={{ flex: '1 1 200px' }}
                  />
                  <TextInput
                    label={fl.videoLink}
                    type="url"
                    value={video.link}
                    onChange={(e) => {
                      const link = e.currentTarget.value;
                      set(
                        'video_previews',
                        form.video_previews.map((v, vi) => (vi === i ? { ...v, link } : v)),
                      );
                    }}
                    error={err(`video_previews.${i}.link`)}
                    style={{ flex: '2 1 260px' }}
                  />
                  <Group gap={4}>
                    <ActionIcon
                      variant="default"
                      aria-label={f(c.console.moveUp, video.name || i + 1)}
                      disabled={i === 0}
                      onClick={() => set('video_previews', move(form.video_previews, i, -1))}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={f(c.console.moveDown, video.name || i + 1)}
                      disabled={i === form.video_previews.length - 1}
                      onClick={() => set('video_previews', move(form.video_previews, i, 1))}
                    >
                      ↓
                    </ActionIcon>
                    <Button
                      variant="default"
                      onClick={() =>
                        set(
                          'video_previews',
                          form.video_previews.filter((_, vi) => vi !== i),
                        )
                      }
                    >
                      {c.console.removeRow}
                    </Button>
                  </Group>
                </Group>
              ))}
              <Button
                variant="light"
                w="fit-content"
                onClick={() => set('video_previews', [...form.video_previews, { name: '', link: '' }])}
              >
                {c.console.addVideo}
              </Button>
            </Stack>
          </Tabs.Panel>
          {courseId !== null ? (
            <>
              {(['pre', 'post', 'renewal'] as const).map((kind) => (
                <Tabs.Panel key={kind} value={kind} pt="md">
                  <QuizEditorPanel courseId={courseId} kind={kind} />
                </Tabs.Panel>
              ))}
              <Tabs.Panel value="survey" pt="md">
                <SurveyEditorPanel courseId={courseId} />
              </Tabs.Panel>
            </>
          ) : null}
          {courseId !== null ? (
            <>
              <Tabs.Panel value="lessons" pt="md">
                <LessonsTab courseId={courseId} isRenewal={form.is_renewal} />
              </Tabs.Panel>
              <Tabs.Panel value="documents" pt="md">
                <DocumentsTab courseId={courseId} />
              </Tabs.Panel>
            </>
          ) : null}
        </Tabs>
        <Group
          className={classes.actions}
          justify="space-between"
          wrap="wrap"
          display={OWN_SAVE_TABS.includes(tab ?? '') ? 'none' : undefined}
        >
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {courseId === null ? c.console.create : c.console.save}
            </Button>
            {/* A hidden course (saved as not shown) has no public page: it answers not found, so the preview stands in. */}
            {courseId !== null && initial.is_active ? (
              <Anchor component={Link} to={`/course/${courseId}`} target="_blank" size="sm">
                {c.console.previewCourse}
              </Anchor>
            ) : null}
          </Group>
          {courseId !== null && sessions === 0 ? (
            <Button variant="default" onClick={() => setConfirmDelete(true)}>
              {c.console.deleteCourse}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={c.console.deleteCourse}
        centered
        closeButtonProps={{ 'aria-label': t.app.close }}
      >
        <Stack>
          <Text>{c.console.deleteConfirm}</Text>
          {remove.isError ? (
            <Alert color="red" role="alert">
              {messageOf(remove.error, t.errors.generic)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {c.console.dismiss}
            </Button>
            <Button color="red.8" loading={remove.isPending} onClick={() => remove.mutate()}>
              {c.console.deleteCourse}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
