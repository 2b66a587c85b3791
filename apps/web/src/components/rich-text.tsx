import { TypographyStylesProvider } from '@mantine/core';

/** HTML written by the office; the server sanitises it before storing and serving. */
export function RichText({ html }: { html: string }) {
  return (
    <TypographyStylesProvider className="rich-text">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </TypographyStylesProvider>
  );
}
