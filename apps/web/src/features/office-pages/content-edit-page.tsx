import { Alert, Anchor, Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { api } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { removeContent } from './content-api.ts';
import { HtmlField } from './html-field.tsx';
import {
  fieldErrors,
  japanLocal,
  KINDS,
  messageOf,
  PAGES_KEY,
  usePagesI18n,
  type Kind,
} from './pages-i18n.ts';

/** One form for every kind: the fields each kind has (decision 039). */
type Form = {
  title: string;
  content: string;
  category_id: string | null;
  public_date: string;
  is_published: boolean;
  pinned: boolean;
  user_type_id: string | null;
  active: boolean;
  min_level: number;
};

const EMPTY: Form = {
  title: '',
  content: '',
  category_id: null,
  public_date: '',
  is_published: true,
  pinned: false,
  user_type_id: null,
  active: true,
  min_level: 1,
};

const TAB_OF: Record<Kind, string> = {
  news: 'news',
  faqs: 'faqs',
  abouts: 'abouts',
  flows: 'flows',
  documents: 'documents',
};

async function load(kind: Kind, id: number): Promise<Form> {
  switch (kind) {
    case 'news': {
      const n = await call(api.officeNews.detail, { params: { id } });
      return {
        ...EMPTY,
        title: n.title,
        content: n.content,
        category_id: n.category_id === null ? null : String(n.category_id),
        public_date: japanLocal(n.public_date),
        is_published: n.is_published,
        pinned: n.pinned,
        user_type_id: n.user_type_id === null ? null : String(n.user_type_id),
      };
    }
    case 'faqs': {
      const q = await call(api.officeFaqs.detail, { params: { id } });
      return { ...EMPTY, title: q.title, content: q.content, active: q.active };
    }
    case 'abouts': {
      const a = await call(api.officeAbouts.detail, { params: { id } });
      return { ...EMPTY, title: a.name, content: a.content };
    }
    case 'flows': {
      const s = await call(api.officeFlows.detail, { params: { id } });
      return { ...EMPTY, title: s.title, content: s.content };
    }
    case 'documents': {
      const d = await call(api.officeInstructorDocuments.detail, { params: { id } });
      return {
        ...EMPTY,
        title: d.title,
        content: d.content,
        category_id: d.category_id === null ? null : String(d.category_id),
        min_level: d.min_level,
      };
    }
  }
}

const num = (v: string | null) => (v === null || v === '' ? null : Number(v));

/** Saves the form: creates (id undefined) or changes; answers the item's id. */
async function save(kind: Kind, id: number | undefined, f: Form): Promise<number> {
  switch (kind) {
    case 'news': {
      const body = {
        title: f.title,
        content: f.content,
        category_id: num(f.category_id),
        public_date: f.public_date,
        is_published: f.is_published,
        pinned: f.pinned,
        user_type_id: num(f.user_type_id),
      };
      if (id === undefined) return (await call(api.officeNews.create, { body })).id;
      return (await call(api.officeNews.update, { params: { id }, body })).id;
    }
    case 'faqs': {
      const body = { title: f.title, content: f.content, active: f.active };
      if (id === undefined) return (await call(api.officeFaqs.create, { body })).id;
      return (await call(api.officeFaqs.update, { params: { id }, body })).id;
    }
    case 'abouts': {
      const body = { name: f.title, content: f.content };
      if (id === undefined) return (await call(api.officeAbouts.create, { body })).id;
      return (await call(api.officeAbouts.update, { params: { id }, body })).id;
    }
    case 'flows': {
      const body = { title: f.title, content: f.content };
      if (id === undefined) return (await call(api.officeFlows.create, { body })).id;
      return (await call(api.officeFlows.update, { params: { id }, body })).id;
    }
    case 'documents': {
      const body = {
        title: f.title,
        content: f.content,
        category_id: num(f.category_id),
        min_level: f.min_level,
      };
      if (id === undefined) return (await call(api.officeInstructorDocuments.create, { body })).id;
      return (await call(api.officeInstructorDocuments.update, { params: { id }, body })).id;
    }
  }
}

/** /office/content/{kind}/new and /office/content/{kind}/{id}: the form of a news item, FAQ, tab, flow item or document. */
export function ContentEditPage() {
  const params = useParams();
  const kind = (KINDS as readonly string[]).includes(params.kind ?? '') ? (params.kind as Kind) : null;
  const id = params.id === undefined || params.id === 'new' ? undefined : Number(params.id);
  const { p, t } = usePagesI18n();
  if (!kind || (id !== undefined && !(Number.isInteger(id) && id > 0)))
    return <EmptyState>{t.errors.notFound}</EmptyState>;
  return <EditForm key={`${kind}-${id ?? 'new'}`} kind={kind} id={id} p={p} />;
}

function EditForm({
  kind,
  id,
  p,
}: {
  kind: Kind;
  id: number | undefined;
  p: ReturnType<typeof usePagesI18n>['p'];
}) {
  const existing = useQuery({
    queryKey: [...PAGES_KEY, kind, id],
    queryFn: () => load(kind, id!),
    enabled: id !== undefined,
    // The form keeps what the office types; a background refetch must not replace it.
    staleTime: Infinity,
  });
  if (id !== undefined && existing.isError)
    return <QueryError error={existing.error} onRetry={() => void existing.refetch()} />;
  if (id !== undefined && !existing.data) return <ListSkeleton count={5} />;
  return (
    <FormBody
      kind={kind}
      id={id}
      p={p}
      initial={existing.data ?? { ...EMPTY, public_date: japanLocal(new Date()) }}
    />
  );
}

function FormBody({
  kind,
  id,
  p,
  initial,
}: {
  kind: Kind;
  id: number | undefined;
  p: ReturnType<typeof usePagesI18n>['p'];
  initial: Form;
}) {
  const { t, f: fmt } = usePagesI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useQuery({
    queryKey: [...PAGES_KEY, 'options'],
    queryFn: ({ signal }) => call(api.officePages.options, undefined, { signal }),
    enabled: kind === 'news' || kind === 'documents',
  });
  const [form, setForm] = useState<Form>(initial);
  const back = `/office/content?tab=${TAB_OF[kind]}`;
  const location = useLocation();
  const [done, setDone] = useState<string | null>(
    (location.state as { created?: boolean } | null)?.created ? p.console.created : null,
  );

  const mutation = useMutation({
    mutationFn: () => save(kind, id, form),
    onSuccess: async (savedId) => {
      // The public pages read the same data: refresh every query, the public ones too.
      await queryClient.invalidateQueries();
      if (id === undefined) {
        await navigate(`/office/content/${kind}/${savedId}`, { state: { created: true } });
        return;
      }
      setDone(p.console.saved);
    },
  });
  const [confirming, setConfirming] = useState(false);
  const drop = useMutation({
    mutationFn: () => removeContent(kind, id!),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      await navigate(back);
    },
  });
  const errors = fieldErrors(mutation.error);
  const err = (field: string) => errors[field]?.[0];
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((prev) => ({ ...prev, [key]: value }));

  const titles: Record<Kind, [string, string]> = {
    news: [p.console.newsNew, p.console.newsEdit],
    faqs: [p.console.faqNew, p.console.faqEdit],
    abouts: [p.console.aboutNew, p.console.aboutEdit],
    flows: [p.console.flowNew, p.console.flowEdit],
    documents: [p.console.documentNew, p.console.documentEdit],
  };
  const heading = titles[kind][id === undefined ? 0 : 1];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    mutation.mutate();
  };

  const categoryChoices =
    kind === 'news'
      ? (options.data?.news_categories ?? [])
      : kind === 'documents'
        ? (options.data?.instructor_document_categories ?? [])
        : [];
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={960}>
        <Anchor component={Link} to={back} size="sm">
          ← {p.console.back}
        </Anchor>
        <PageHeading title={heading} />
        {done ? (
          <Alert color="teal" role="status" variant="light">
            {done}
          </Alert>
        ) : null}
        {mutation.isError && Object.keys(errors).length === 0 ? (
          <Alert color="red" role="alert">
            {messageOf(mutation.error, t.errors.generic)}
          </Alert>
        ) : null}
        <TextInput
          label={kind === 'abouts' ? p.fields.name : p.fields.title}
          required
          value={form.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={err(kind === 'abouts' ? 'name' : 'title')}
          maxLength={kind === 'faqs' ? 500 : 200}
        />
        {kind === 'news' || kind === 'documents' ? (
          <Select
            label={p.fields.category}
            data={[
              { value: '', label: p.console.noCategory },
              ...categoryChoices.map((c) => ({ value: String(c.id), label: c.title })),
            ]}
            value={form.category_id ?? ''}
            onChange={(v) => set('category_id', v === '' ? null : v)}
            error={err('category_id')}
            allowDeselect={false}
          />
        ) : null}
        {kind === 'news' ? (
          <>
            <TextInput
              type="datetime-local"
              label={p.fields.publicDate}
              description={p.console.publicDateHint}
              required
              value={form.public_date}
              onChange={(e) => set('public_date', e.currentTarget.value)}
              error={err('public_date')}
            />
            <Select
              label={p.fields.userType}
              data={[
                { value: '', label: p.console.allUsers },
                ...[1, 2, 3, 4, 5].map((n) => ({
                  value: String(n),
                  label: (t.userTypes as Record<number, string>)[n] ?? String(n),
                })),
              ]}
              value={form.user_type_id ?? ''}
              onChange={(v) => set('user_type_id', v === '' ? null : v)}
              error={err('user_type_id')}
              allowDeselect={false}
            />
            <Group gap="xl">
              <Switch
                label={p.fields.isPublished}
                checked={form.is_published}
                onChange={(e) => set('is_published', e.currentTarget.checked)}
              />
              <Switch
                label={p.fields.pinned}
                description={p.console.pinnedHint}
                checked={form.pinned}
                onChange={(e) => set('pinned', e.currentTarget.checked)}
              />
            </Group>
          </>
        ) : null}
        {kind === 'faqs' ? (
          <Switch
            label={p.fields.active}
            checked={form.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
        ) : null}
        {kind === 'documents' ? (
          <Select
            label={p.fields.minLevel}
            description={p.console.minLevelHint}
            data={(options.data?.ranks ?? []).map((r) => ({
              value: String(r.level),
              label: `${fmt(p.console.level, r.level)}  ${r.name}`,
            }))}
            value={String(form.min_level)}
            onChange={(v) => set('min_level', Number(v ?? 1))}
            error={err('min_level')}
            allowDeselect={false}
          />
        ) : null}
        <HtmlField
          label={p.fields.content}
          value={form.content}
          onChange={(html) => set('content', html)}
          error={err('content')}
        />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {p.console.save}
          </Button>
          <Button variant="default" component={Link} to={back}>
            {p.console.cancel}
          </Button>
          {id !== undefined ? (
            <Button variant="outline" color="red.9" ml="auto" onClick={() => setConfirming(true)}>
              {p.console.remove}
            </Button>
          ) : null}
        </Group>
        <Modal
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={p.console.removeTitle}
          closeButtonProps={{ 'aria-label': p.console.cancel }}
        >
          <Stack>
            <Text size="sm">{fmt(p.console.removeBody, form.title)}</Text>
            {drop.isError ? (
              <Alert color="red" role="alert">
                {messageOf(drop.error, t.errors.generic)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {p.console.cancel}
              </Button>
              <Button color="red.9" loading={drop.isPending} onClick={() => drop.mutate()}>
                {p.console.remove}
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Stack>
    </form>
  );
}
