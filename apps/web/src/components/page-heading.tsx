import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title.tsx';

/** The h1 of a page, also setting the document title. */
export function PageHeading({
  title,
  lead,
  documentTitle,
}: {
  title: string;
  lead?: ReactNode;
  documentTitle?: string;
}) {
  return (
    <Stack gap={6} mb="lg">
      <PageTitle title={documentTitle ?? title} />
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      {lead ? (
        <Text c="dimmed" size="sm">
          {lead}
        </Text>
      ) : null}
    </Stack>
  );
}
