import { Group, Pagination } from '@mantine/core';
import { useSearchParams } from 'react-router';

/**
 * The page links under a list whose page number lives in the URL's `page` parameter (the office
 * lists): choosing a page keeps the other parameters (the filters). Nothing when there is one page.
 */
export function UrlPager({ pages, page }: { pages: number | undefined; page: number }) {
  const [params, setParams] = useSearchParams();
  if (pages === undefined || pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={(p) => {
          const next = new URLSearchParams(params);
          next.set('page', String(p));
          setParams(next);
        }}
        size="sm"
      />
    </Group>
  );
}
