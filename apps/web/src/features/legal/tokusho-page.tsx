import { Paper, Table } from '@mantine/core';
import { PageHeading } from '../../components/page-heading.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { tokushoRows } from './legal-content.ts';

export function TokushoPage() {
  const { t, lang } = useI18n();
  return (
    <>
      <PageHeading title={t.pages.tokusho} />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <Table variant="vertical" layout="fixed" verticalSpacing="sm" withRowBorders>
          <Table.Tbody>
            {tokushoRows[lang].map((row) => (
              <Table.Tr key={row.term}>
                <Table.Th w={{ base: 110, sm: 220 }} scope="row">
                  {row.term}
                </Table.Th>
                <Table.Td>{row.body}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </>
  );
}
