import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import classes from './deferred-section.module.css';

/**
 * A part of a prerendered page drawn in a task of its own, after the rest (decisions 057 and 068). When the
 * app first draws a page the build prerendered (scripts/prerender.mjs), drawing it all at once would be one
 * long task on a phone. Each DeferredSection keeps its part of the prerendered HTML on screen until its own
 * task draws it, so the app draws in several short tasks and nothing flashes or moves. The layout's header,
 * page area and footer are parts; a part may hold parts of its own (the home page's search form, news and
 * courses, inside the page area), which are offered when the part around them is drawn.
 *
 * The wrapper draws no box (`display: contents`), in the prerendered HTML and in the app alike, so the
 * layout around it (a flex column, a grid) sees the part's own elements.
 */

/** The prerendered parts by name, until their DeferredSection takes them: the nodes are what it keeps. */
const offered = new Map<string, Element>();

const SELECTOR = '[data-deferred]';
const nameOf = (part: Element) => part.getAttribute('data-deferred') ?? '';

/**
 * The outermost parts within an element (a part inside one of them is offered when that one is drawn), each
 * emptied into a holder: a render that reuses the part's wrapper then draws nothing in it, and the part's
 * DeferredSection puts the nodes back before the browser paints. A part with nothing in it is not offered
 * (the page area of a page the build did not prerender): its section draws at once. Returns the names.
 */
function offerParts(within: Element): string[] {
  const around = within.closest(SELECTOR);
  // Chosen before any is emptied: a part inside one moved into its holder would look outermost.
  const outermost = [...within.querySelectorAll(SELECTOR)].filter(
    (part) => part.parentElement?.closest(SELECTOR) === around && part.hasChildNodes(),
  );
  const names: string[] = [];
  for (const part of outermost) {
    const holder = document.createElement('div');
    holder.append(...part.childNodes);
    offered.set(nameOf(part), holder);
    names.push(nameOf(part));
  }
  return names;
}

/**
 * main.tsx, just before the app's first render: the outermost parts of the prerendered HTML (the header, the
 * page area, the footer). Returns what drops those no section took, for just after that render.
 */
export function keepPrerenderedSections(root: Element): () => void {
  const names = offerParts(root);
  return () => names.forEach((name) => offered.delete(name));
}

function takeSection(name: string): Element | null {
  const part = offered.get(name) ?? null;
  offered.delete(name);
  return part;
}

export function DeferredSection({ name, children }: { name: string; children: ReactNode }) {
  // The prerendered part, only in the app's first drawing of a prerendered page (the prerender offers none).
  const [held, setHeld] = useState(() => takeSection(name));
  const wrapper = useRef<HTMLDivElement>(null);
  // The names of the parts inside this one offered when it was drawn, until its children have taken theirs.
  const inner = useRef<string[]>([]);
  useLayoutEffect(() => {
    if (held) {
      // Before the browser paints the page: the prerendered part's nodes in the place the app keeps for it.
      wrapper.current?.append(...held.childNodes);
      return;
    }
    // Drawn: the parts inside that its children did not take are not kept for a later page.
    for (const part of inner.current) offered.delete(part);
    inner.current = [];
  }, [held]);
  useEffect(() => {
    if (!held) return;
    const draw = setTimeout(() => {
      if (wrapper.current) {
        inner.current = offerParts(wrapper.current);
        wrapper.current.replaceChildren();
      }
      setHeld(null);
    }, 0);
    return () => clearTimeout(draw);
  }, [held]);
  return (
    <div ref={wrapper} data-deferred={name} className={classes.section}>
      {held ? null : children}
    </div>
  );
}
