// The typography of rich text, with the component: the news and the FAQ, pages visitors land on, do not
// load Mantine's whole stylesheet (issue 20, decision 047).
import '@mantine/core/styles/Typography.layer.css';
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
