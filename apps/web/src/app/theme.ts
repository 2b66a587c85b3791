import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A warm rose, the colour of the programme; shade 8 keeps white text above 4.5:1 contrast. */
const rose: MantineColorsTuple = [
  '#fff0f4',
  '#ffe0e8',
  '#fbc0d0',
  '#f597b2',
  '#ec6f93',
  '#e0527d',
  '#cf3f6c',
  '#b8325e',
  '#9e2850',
  '#821f42',
];

export const theme = createTheme({
  primaryColor: 'rose',
  primaryShade: 7,
  colors: { rose },
  fontFamily:
    '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic", Meiryo, system-ui, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'always',
  other: { maxContent: 1120 },
  components: {
    // Mantine renders a modal's and a drawer's header as <header>, which inside the dialog counts as
    // a second banner landmark next to the page's own: a plain <div> carries the same title and close button.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});
