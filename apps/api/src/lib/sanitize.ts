import { createRequire } from 'node:module';
import type * as Xss from 'xss';

// xss is CommonJS without named ESM exports: load it through require, typed as its module.
const { FilterXSS } = createRequire(import.meta.url)('xss') as typeof Xss;

/**
 * The allow-list of decision 039: the elements the office's rich-text editor writes (TipTap's starter
 * kit, links and images) and the tables of older pages, each with only the attributes named here.
 * Everything else is dropped: the tag (its text stays), or with its body for script, style and the
 * embedding elements. No `style` and no event handler attribute is on the list, so neither survives.
 */
const TEXT = ['p', 'br', 'hr', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'code'];
const INLINE = ['strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark'];
const LISTS = ['ul', 'ol', 'li'];
const TABLES = ['table', 'thead', 'tbody', 'tr', 'th', 'td'];
const WITH_CLASS = ['p', 'div', 'span', 'h2', 'h3', 'h4', ...LISTS, ...TABLES];

const allowed: Record<string, string[]> = {};
for (const tag of [...TEXT, ...INLINE, ...LISTS, ...TABLES, 'div', 'span']) allowed[tag] = [];
for (const tag of WITH_CLASS) allowed[tag] = ['class'];
allowed.ol = ['class', 'start'];
allowed.th = ['class', 'colspan', 'rowspan'];
allowed.td = ['class', 'colspan', 'rowspan'];
allowed.a = ['href', 'title', 'target', 'rel'];
allowed.img = ['src', 'alt', 'title', 'width', 'height'];

/** Links: the web (http, https), mail and phone, a path of this site, or a place on the page. */
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
/**
 * Images: only this site's own (an uploaded picture, /api/v1/content-images/…, or /media/…): a page
 * never loads a picture from elsewhere (no tracking pixel, nothing that changes after it was checked).
 */
const SAFE_SRC = /^\/(?!\/)[A-Za-z0-9/_.-]+$/;
const CLASS_NAME = /^[A-Za-z0-9_ -]{1,100}$/;
const NUMBER = /^\d{1,4}$/;

function safeAttr(name: string, raw: string): string | null {
  // The parser hands the value still HTML-encoded: judge the decoded text ('&#106;avascript:' is javascript:).
  const value = decodeEntities(raw).trim();
  // Browsers ignore tabs, line breaks and control characters inside a URL's scheme ('java\tscript:').
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const url = value.replace(/[\u0000-\u001f\u007f]/g, '');
  switch (name) {
    case 'href':
      return SAFE_HREF.test(url) ? url : null;
    case 'src':
      return SAFE_SRC.test(url) ? url : null;
    case 'target':
      return value === '_blank' ? value : null;
    case 'rel':
      return null; // written by the sanitiser itself for target=_blank
    case 'class':
      return CLASS_NAME.test(value) ? value : null;
    case 'width':
    case 'height':
    case 'colspan':
    case 'rowspan':
    case 'start':
      return NUMBER.test(value) ? value : null;
    case 'title':
    case 'alt':
      return value.slice(0, 500);
    default:
      return null;
  }
}

/** An attribute's decoded value, encoded again for a double-quoted attribute. */
function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const filter = new FilterXSS({
  whiteList: allowed,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
  allowCommentTag: false,
  css: false,
  onTagAttr(_tag, name, value) {
    const safe = safeAttr(name, value);
    return safe === null ? '' : `${name}="${escapeAttr(safe)}"`;
  },
});

/** A link opening a new tab may not reach back to this page: rel="noopener noreferrer" (on the clean HTML). */
function relForNewTabs(html: string): string {
  return html.replace(
    /<a ([^>]*\btarget="_blank"[^>]*)>/g,
    (_, attrs: string) => `<a ${attrs} rel="noopener noreferrer">`,
  );
}

/** Sanitises HTML written by the office (news, FAQ, about, flow, seminar info, documents): the allow-list above. */
export function sanitizeHtml(html: string): string {
  return relForNewTabs(filter.process(html)).trim();
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
