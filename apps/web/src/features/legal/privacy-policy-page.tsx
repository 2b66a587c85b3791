import { Paper, Stack, Text, Title } from '@mantine/core';
import { PageHeading } from '../../components/page-heading.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { privacyEnacted, privacySections } from './legal-content.ts';

export function PrivacyPolicyPage() {
  const { t, lang } = useI18n();
  return (
    <>
      <PageHeading title={t.pages.privacyPolicy} />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          {privacySections[lang].map((section, i) => (
            <section key={section.heading}>
              <Title order={2} fz={18} mb="xs">
                {`${i + 1}. ${section.heading}`}
              </Title>
              {section.paragraphs.map((p) => (
                <Text key={p} size="sm" lh={1.9}>
                  {p}
                </Text>
              ))}
            </section>
          ))}
          <Text size="sm" c="dimmed" ta="right">
            {privacyEnacted[lang]}
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
