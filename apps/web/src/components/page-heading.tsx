import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-heading.module.css';
import { PageTitle } from './page-title.tsx';

/** The h1 of a page, also setting the document title. */
export function PageHeading({
  title,
  lead,
  documentTitle,
  userContent = false,
}: {
  title: string;
  lead?: ReactNode;
  documentTitle?: string;
  /** The title is content people entered (a session's or product's name): kept as written (decision 027). */
  userContent?: boolean;
}) {
  return (
    <Stack gap={6} mb="lg">
      <PageTitle title={documentTitle ?? title} />
      <Title order={1} className={classes.title} data-user-content={userContent || undefined}>
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
