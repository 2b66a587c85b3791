// The home page's loader (issue 20, decision 049). home.html is drawn whole from the HTML and its stylesheets
// (scripts/prerender.mjs); its scripts wait in <template id="app-scripts"> until the browser has painted it,
// so on a slow network the first paint has the bandwidth to itself and the app's download starts after it.
// Then the same tags the other pages have in their head are added: the entry and its preloaded chunks.
function start() {
  const scripts = document.getElementById('app-scripts');
  if (!(scripts instanceof HTMLTemplateElement)) return;
  scripts.remove();
  // Parsed in a template, the tags are inert: new elements are made so the browser fetches and runs them,
  // and added in one go (one change to the head).
  const elements = [...scripts.content.querySelectorAll('link, script')].map((tag) => {
    const element = document.createElement(tag.tagName === 'LINK' ? 'link' : 'script');
    for (const { name, value } of tag.attributes) element.setAttribute(name, value);
    return element;
  });
  document.head.append(...elements);
}

// A frame's callbacks run before its paint; a task queued from them runs after it. A hidden tab paints
// nothing (and runs no frame callbacks), so it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
