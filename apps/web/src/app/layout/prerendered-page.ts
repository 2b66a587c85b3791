/**
 * The page area of the HTML the build prerendered (scripts/prerender.mjs), taken out of the document just
 * before the app's first render, which puts its nodes back in the same place as they were: the layout is
 * drawn around them, and the page itself in the next task (app-layout.tsx, decision 057). Taken once: a
 * layout drawn again later (an error page, a remount) draws the page at once.
 */
let kept: Node[] | null = null;

/** main.tsx, in the task of the app's first render, just before it: the page area's nodes, if there are any. */
export function keepPrerenderedPage() {
  const area = document.getElementById('main')?.firstElementChild;
  if (!area?.hasChildNodes()) return;
  kept = [...area.childNodes];
  area.replaceChildren();
}

export function takePrerenderedPage(): Node[] | null {
  const nodes = kept;
  kept = null;
  return nodes;
}
