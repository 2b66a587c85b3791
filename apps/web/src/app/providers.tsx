import './mantine-styles.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '@mels/domain';
import type { ReactNode } from 'react';
import { I18nProvider } from '../lib/i18n.tsx';
import { themeVariablesInHead } from './page-head.ts';
import { queryClient } from './query-client.ts';
import { theme } from './theme.ts';

/** The build wrote the theme's variables into the page (scripts/prerender.mjs): Mantine does not compute them. */
const withCssVariables = !themeVariablesInHead();

/** `language`: drawn in it whatever the browser keeps (the build's prerender of each language). */
export function Providers({ children, language }: { children: ReactNode; language?: Language }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={withCssVariables}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider language={language}>{children}</I18nProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
