import { createRequire } from 'node:module';
import type * as Xss from 'xss';

// xss is CommonJS without named ESM exports: load it through require, typed as its module.
const { FilterXSS, getDefaultWhiteList } = createRequire(import.meta.url)('xss') as typeof Xss;

const allowed = getDefaultWhiteList();
for (const tag of [
  'p',
  'div',
  'span',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]) {
  allowed[tag] = [...new Set([...(allowed[tag] ?? []), 'class'])];
}
allowed.a = ['href', 'title', 'target', 'rel'];
allowed.img = ['src', 'alt', 'width', 'height'];

const filter = new FilterXSS({
  whiteList: allowed,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed'],
  onTagAttr(tag, name, value) {
    if ((name === 'href' || name === 'src') && /^\s*(javascript|vbscript|data):/i.test(value)) return '';
    return undefined;
  },
});

/** Sanitises HTML written by the office (news, about, documents) so that no script survives. */
export function sanitizeHtml(html: string): string {
  return filter.process(html);
}

/** Escapes text for HTML, then turns its line breaks into <br>. */
export function textToHtml(text: string): string {
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
  return escaped.replace(/\r\n|\r|\n/g, '<br>');
}
