import { TypographyStylesProvider } from '@mantine/core';

/**
 * HTML written by the office; the server sanitises it before storing and serving. Marked as content people
 * entered (data-user-content): it stays in the language it was written in (decision 027).
 */
export function RichText({ html }: { html: string }) {
  return (
    <TypographyStylesProvider className="rich-text" data-user-content>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </TypographyStylesProvider>
  );
}
