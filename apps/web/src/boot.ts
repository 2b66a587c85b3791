// The home page's loader (issue 20, decision 049). home.html is drawn whole from the HTML and its stylesheets
// (scripts/prerender.mjs); its scripts wait in <template id="app-scripts"> until the browser has painted it,
// so on a slow network the first paint has the bandwidth to itself and the app's download starts after it.
// Then the same tags the other pages have in their head are added: the entry and its preloaded chunks.
function start() {
  const scripts = document.getElementById('app-scripts');
  if (!(scripts instanceof HTMLTemplateElement)) return;
  scripts.remove();
  // Parsed in a template, the tags are inert: new elements are made so the browser fetches and runs them.
  // A chunk the entry imports is also one the page imports: named twice, fetched once.
  const urls = new Set<string>();
  const tags = [...scripts.content.querySelectorAll('link, script')].filter((tag) => {
    const url = tag.getAttribute('src') ?? tag.getAttribute('href') ?? '';
    if (urls.has(url)) return false;
    urls.add(url);
    return true;
  });
  const elements = tags.map((tag) => {
    const element = document.createElement(tag.tagName === 'LINK' ? 'link' : 'script');
    for (const { name, value } of tag.attributes) element.setAttribute(name, value);
    return element;
  });
  append(elements);
}

/**
 * Each added tag starts a request, about 1.4 ms of the main thread at Lighthouse's 4× CPU, often more: the
 * home page's 35 made one task of 46–62 ms (213 ms once on a busy machine), and Lighthouse's simulation still
 * counted 88–99 ms for six. They are added three at a time, a task each, the entry script first (decision
 * 057); the next group follows at once, long before the entry has arrived and runs.
 */
function append(elements: HTMLElement[]) {
  document.head.append(...elements.slice(0, 3));
  if (elements.length > 3) setTimeout(() => append(elements.slice(3)), 0);
}

// A frame's callbacks run before its paint; a task queued from them runs after it. A hidden tab paints
// nothing (and runs no frame callbacks), so it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
