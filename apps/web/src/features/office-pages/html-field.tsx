import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { api } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RichText } from '../../components/rich-text.tsx';
import { call } from '../../lib/api-client.ts';
import { PAGES_KEY, usePagesI18n } from './pages-i18n.ts';

const Editor = lazy(() => import('./rich-text-editor.tsx'));

/**
 * An HTML field: the rich-text editor (loaded when the form opens) and, under it, the preview: the HTML
 * as the server's sanitiser leaves it, drawn by the component the public pages use (decision 039).
 */
export function HtmlField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const { p } = usePagesI18n();
  const [html] = useDebouncedValue(value, 400);
  const preview = useQuery({
    queryKey: [...PAGES_KEY, 'preview', html],
    queryFn: ({ signal }) => call(api.officePages.preview, { body: { html } }, { signal }),
    enabled: html.trim() !== '',
    staleTime: Infinity,
  });
  return (
    <Stack gap="sm">
      <Suspense
        fallback={
          <Stack gap={4} role="status" aria-label={p.console.editorLoading}>
            <Text size="sm" fw={500}>
              {label}
            </Text>
            <Skeleton height={260} />
          </Stack>
        }
      >
        <Editor label={label} value={value} onChange={onChange} error={error} />
      </Suspense>
      <Paper withBorder p="md" component="section" aria-label={p.console.preview} data-testid="html-preview">
        <Title order={2} fz="sm" c="dimmed" mb={4}>
          {p.console.preview}
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          {p.console.previewHint}
        </Text>
        {html.trim() === '' ? (
          <Text size="sm" c="dimmed">
            {p.console.previewEmpty}
          </Text>
        ) : preview.data ? (
          <RichText html={preview.data.html} />
        ) : (
          <Skeleton height={60} />
        )}
      </Paper>
    </Stack>
  );
}
