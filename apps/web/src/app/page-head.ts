// What the build (scripts/prerender.mjs) writes into every page's head for the app to read as it starts,
// rather than compute (issue 20). In development (Vite's own index.html) neither is there, and the app
// computes both.

/** `<meta name=…>`: the paths that need a login, one regular expression (prerender.tsx's loginFirstPatterns). */
export const LOGIN_FIRST_META = 'mels-login-first';

/** The attribute of the `<style>` that holds the theme's CSS variables, as Mantine computes them. */
export const THEME_VARIABLES_ATTRIBUTE = 'data-theme-variables';

/** The page's login-first paths, or null where the build wrote none. */
export function loginFirstInHead(): RegExp | null {
  if (typeof document === 'undefined') return null;
  const source = document.head.querySelector<HTMLMetaElement>(`meta[name="${LOGIN_FIRST_META}"]`)?.content;
  return source ? new RegExp(source, 'i') : null;
}

/** Whether the page's head holds the theme's CSS variables (then Mantine is told not to draw them again). */
export const themeVariablesInHead = () =>
  typeof document !== 'undefined' &&
  document.head.querySelector(`style[${THEME_VARIABLES_ATTRIBUTE}]`) !== null;
