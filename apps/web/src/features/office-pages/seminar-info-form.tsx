import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { api } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { HtmlField } from './html-field.tsx';
import { fieldErrors, messageOf, PAGES_KEY, usePagesI18n } from './pages-i18n.ts';

type Item = { title: string; content: string; image: string | null };
type Form = { title: string; description: string; contents: Item[] };

/** The seminar information page (spec 001: GET and update /seminar_info): title, description, three contents. */
export function SeminarInfoForm() {
  const page = useQuery({
    queryKey: [...PAGES_KEY, 'seminar-info'],
    queryFn: ({ signal }) => call(api.seminarInfo.get, undefined, { signal }),
    staleTime: Infinity,
  });
  if (page.isError) return <QueryError error={page.error} onRetry={() => void page.refetch()} />;
  if (!page.data) return <ListSkeleton count={5} />;
  const items = page.data.contents.map((c) => ({ title: c.title, content: c.content, image: c.image }));
  while (items.length < 3) items.push({ title: '', content: '', image: null });
  return (
    <SeminarForm
      initial={{ title: page.data.title, description: page.data.description, contents: items.slice(0, 3) }}
    />
  );
}

function SeminarForm({ initial }: { initial: Form }) {
  const { p, f, t } = usePagesI18n();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(initial);
  const [done, setDone] = useState<string | null>(null);
  const [imageError, setImageError] = useState<Record<number, string>>({});
  const save = useMutation({
    mutationFn: (body: Form) => call(api.officePages.seminarInfoUpdate, { body }),
    onSuccess: async () => {
      setDone(p.console.saved);
      await queryClient.invalidateQueries();
    },
  });
  const errors = fieldErrors(save.error);
  const setItem = (index: number, patch: Partial<Item>) =>
    setForm((prev) =>
      prev
        ? { ...prev, contents: prev.contents.map((c, i) => (i === index ? { ...c, ...patch } : c)) }
        : prev,
    );
  const upload = async (index: number, file: File | null) => {
    if (!file) return;
    setImageError((e) => ({ ...e, [index]: '' }));
    try {
      const body = new FormData();
      body.append('file', file);
      const image = await call(api.officePages.uploadImage, { body });
      setItem(index, { image: image.url });
    } catch (failure) {
      setImageError((e) => ({
        ...e,
        [index]: fieldErrors(failure).file?.[0] ?? messageOf(failure, t.errors.generic),
      }));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    save.mutate(form);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={960}>
        <Title order={2} fz="lg">
          {p.console.seminarTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {p.console.seminarLead}
        </Text>
        {done ? (
          <Alert color="teal" variant="light" role="status">
            {done}
          </Alert>
        ) : null}
        {save.isError ? (
          <Alert color="red" role="alert">
            {errors.contents?.[0] ?? messageOf(save.error, t.errors.generic)}
          </Alert>
        ) : null}
        <TextInput
          label={p.fields.title}
          required
          value={form.title}
          onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
          error={errors.title?.[0]}
        />
        <Textarea
          label={p.fields.description}
          required
          autosize
          minRows={3}
          value={form.description}
          data-user-content
          onChange={(e) => setForm({ ...form, description: e.currentTarget.value })}
          error={errors.description?.[0]}
        />
        {form.contents.map((item, index) => {
          const name = f(p.console.contentItem, index + 1);
          return (
            <Paper key={index} withBorder p="md" component="fieldset" aria-label={name}>
              <Stack gap="sm">
                <Title order={3} fz="md">
                  {name}
                </Title>
                <TextInput
                  label={p.fields.title}
                  required
                  value={item.title}
                  onChange={(e) => setItem(index, { title: e.currentTarget.value })}
                />
                <Group gap="sm" align="center">
                  {item.image ? (
                    <Image src={item.image} alt="" w={96} h={72} fit="contain" radius="sm" />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {p.console.imageNone}
                    </Text>
                  )}
                  <FileButton
                    onChange={(file) => void upload(index, file)}
                    accept="image/png,image/jpeg,image/gif"
                  >
                    {(props) => (
                      <Button
                        variant="default"
                        size="xs"
                        {...props}
                        aria-label={`${name}: ${p.console.imageChoose}`}
                      >
                        {p.console.imageChoose}
                      </Button>
                    )}
                  </FileButton>
                  {item.image ? (
                    <Button
                      variant="outline"
                      size="xs"
                      color="red.9"
                      onClick={() => setItem(index, { image: null })}
                    >
                      {p.console.imageRemove}
                    </Button>
                  ) : null}
                </Group>
                {imageError[index] ? (
                  <Text size="sm" c="red.9" role="alert">
                    {imageError[index]}
                  </Text>
                ) : null}
                <HtmlField
                  label={`${name}: ${p.fields.content}`}
                  value={item.content}
                  onChange={(html) => setItem(index, { content: html })}
                />
              </Stack>
            </Paper>
          );
        })}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {p.console.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
