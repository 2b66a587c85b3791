import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of this file as it is loaded. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts V8's explicit compile hint at the top of every script chunk of the browser's build. Without it V8
 * compiles a function the first time it is called, on the main thread, inside the app's first tasks (the
 * entry's evaluation, the router, the first drawing); with it each file is compiled as it streams in, off
 * the main thread. A chunk is loaded only by the page that runs it, so little is compiled for nothing.
 * Measured at 4× CPU, main-thread blocking after the first paint fell by half or more (decision 073).
 * The prerender (an SSR build) is not a browser's and is left as it is.
 */
export function compileHints(): Plugin {
  let ssr = false;
  return {
    name: 'mels-compile-hints',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    // After Vite's own generateBundle, which writes the preload map at the top of the entry: the hint must
    // be the file's first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (ssr) return;
        for (const item of Object.values(bundle)) {
          if (item.type === 'chunk' && !item.code.startsWith(COMPILE_HINT)) {
            item.code = `${COMPILE_HINT}\n${item.code}`;
          }
        }
      },
    },
  };
}
