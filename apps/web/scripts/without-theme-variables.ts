import type { Plugin } from 'vite';

const CSS_VARIABLES =
  /@mantine\/core\/esm\/core\/MantineProvider\/MantineCssVariables\/MantineCssVariables\.mjs$/;

/**
 * Mantine's provider draws the theme's CSS variables with its MantineCssVariables component. The build writes
 * them into every page's head instead (scripts/prerender.mjs, decision 054), and the app gives the provider
 * `withCssVariables={false}` (app/providers.tsx), so in the browser's production build the component never
 * draws. Its module still ran as the entry loaded: it computes Mantine's default theme's variables at module
 * level (to leave them out of what it draws), about 13 ms at Lighthouse's 4× CPU in the entry's task, and
 * brings about 10 KB of script (the variables resolver, the colour helpers). This plugin makes it a component
 * that draws nothing, in the browser's production build only: the prerender (an SSR build) and development
 * still draw the variables (decision 057). The build fails if Mantine moves the module.
 */
export function withoutThemeVariables(): Plugin {
  let replaced = false;
  let ssr = false;
  return {
    name: 'mels-without-theme-variables',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    load(id, options) {
      if (ssr || options?.ssr || !CSS_VARIABLES.test(id)) return null;
      replaced = true;
      return 'export function MantineCssVariables() { return null; }';
    },
    buildEnd(error) {
      if (!ssr && !error && !replaced)
        this.error(`Mantine's MantineCssVariables module was not found (${CSS_VARIABLES.source})`);
    },
  };
}
