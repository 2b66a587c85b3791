import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import classes from './deferred-section.module.css';

/**
 * A part of a prerendered page drawn in a task of its own, after the rest (decision 068). When the app first
 * draws a page the build prerendered (scripts/prerender.mjs), its first render replaced the prerendered
 * header and footer in one task and the page's render the whole prerendered page area in the next: on a
 * phone, the longest tasks of the start. Each DeferredSection keeps its part of the prerendered HTML on
 * screen until its own task draws it, so the app draws in several short tasks and nothing flashes or moves.
 *
 * The wrapper draws no box (`display: contents`), in the prerendered HTML and in the app alike, so the
 * layout around it (a flex column, a grid) sees the part's own elements.
 */

/** The prerendered parts by name, until their DeferredSection takes them: the nodes are what it keeps. */
let offered = new Map<string, Element>();

const SELECTOR = '[data-deferred]';
const nameOf = (part: Element) => part.getAttribute('data-deferred') ?? '';

/**
 * main.tsx, just before the app's first render: the parts of the prerendered layout (the header, the
 * footer), emptied, so that the render keeps their wrappers and draws nothing in them; their
 * DeferredSections put the nodes back before the browser paints.
 */
export function keepPrerenderedSections(root: Element) {
  for (const part of root.querySelectorAll(SELECTOR)) {
    const holder = document.createElement('div');
    holder.append(...part.childNodes);
    offered.set(nameOf(part), holder);
  }
}

/**
 * The layout, in the task that draws the first page in place of its prerendered nodes: the parts of those
 * nodes that a DeferredSection of the page may keep on screen until its turn.
 */
export function offerPrerenderedSections(nodes: Node[]) {
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    for (const part of node.querySelectorAll(SELECTOR)) offered.set(nameOf(part), part);
  }
}

/** The layout, at the first navigation: parts no section took are not kept for a later page. */
export function dropPrerenderedSections() {
  offered = new Map();
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
  // Before the browser paints the page: the prerendered part's nodes in the place the app keeps for it.
  useLayoutEffect(() => {
    if (held) wrapper.current?.append(...held.childNodes);
  }, [held]);
  useEffect(() => {
    if (!held) return;
    const draw = setTimeout(() => {
      wrapper.current?.replaceChildren();
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
