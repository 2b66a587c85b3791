import { format } from './format.ts';

/**
 * Messages by key (decision 027). Shared schemas and rules, and the API's errors, carry a message KEY
 * — the dotted path of a text in the ja/en dictionaries ('validation.required') — with its parameters,
 * never a sentence; each side resolves it in its own language with resolveMessage: the server in the
 * language the request asks for (Accept-Language), the browser in the interface's language.
 *
 * The encoding is one string, so that a message travels wherever zod issues and ApiError carry text:
 *   key                   'errors.notFound'
 *   key|param|param…      'validation.maxLength|@fields.email|254'
 * A parameter written '@key' is itself a key (a field's label), resolved in the same language ('@k1,k2' a
 * list of keys, joined with the language's list separator); any other
 * parameter written '~YYYY-MM-DD' is a calendar day, written the reader's way (forms.locale); any other
 * parameter is a literal value, percent-encoded (encodeURIComponent), so a '|' or '@' inside a value
 * cannot be read as syntax. This module holds no dictionary: a schema that imports it stays small.
 */

/** A key as a parameter (a field's label): resolved in the reader's language. */
export type MessageRef = { readonly ref: string };
/** A calendar day (YYYY-MM-DD) as a parameter: written the reader's way ('2026年11月23日', '23 November 2026'). */
export type MessageDate = { readonly date: string };
/** A literal value (a number, a name), a key made with ref(), or a day made with day(). */
export type MessageParam = string | number | MessageRef | MessageDate;

const KEY = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+$/;

/** The parameter that names another key (a field label) instead of a literal value. */
export function ref(key: string): MessageRef {
  return { ref: key };
}

/** A calendar day as a parameter, written in the reader's language. */
export function day(isoDate: string): MessageDate {
  return { date: isoDate.slice(0, 10) };
}

/** Several keys as one parameter, read as a list in the reader's language ('医師、看護師' / 'Doctor, Nurse'). */
export function refs(keys: ReadonlyArray<string>): MessageRef {
  return { ref: keys.join(',') };
}

/** A message: the key alone, or the key with its parameters in the documented encoding. */
export function message(key: string, ...params: ReadonlyArray<MessageParam>): string {
  if (params.length === 0) return key;
  const encoded = params.map((p) =>
    typeof p !== 'object' ? encodeURIComponent(String(p)) : 'ref' in p ? `@${p.ref}` : `~${p.date}`,
  );
  return [key, ...encoded].join('|');
}

function formatDay(isoDate: string, locale: string): string {
  const at = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/** The dictionary leaf at a dotted path, or undefined when the path names no text. */
export function lookup(dictionary: unknown, key: string): string | undefined {
  let node: unknown = dictionary;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** True when the text is a message in the encoding above (a key, with or without parameters). */
export function isMessageKey(text: string): boolean {
  return KEY.test(text.split('|', 1)[0] ?? '');
}

/**
 * The text of a message in the dictionary's language. A text that is not a known key (a sentence from
 * elsewhere, a value) is returned as it is; a '@key' parameter that names no text is shown without its '@'.
 */
export function resolveMessage(text: string, dictionary: unknown): string {
  const [key = '', ...params] = text.split('|');
  if (!KEY.test(key)) return text;
  const template = lookup(dictionary, key);
  if (template === undefined) return text;
  const values = params.map((p) => {
    if (p.startsWith('~')) return formatDay(p.slice(1), lookup(dictionary, 'forms.locale') ?? 'ja-JP');
    if (p.startsWith('@')) {
      const keys = p.slice(1).split(',');
      const separator = keys.length > 1 ? (lookup(dictionary, 'app.listComma') ?? ', ') : '';
      return keys.map((key) => lookup(dictionary, key) ?? key).join(separator);
    }
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  return format(template, ...values);
}

/**
 * An object of keys under one prefix, named as the dictionary names its texts:
 * messageKeys('forms.users', ['emailTaken']) → { emailTaken: 'forms.users.emailTaken' }. Schemas and the
 * server's services name their messages through these objects; a test resolves every one in ja and en.
 */
export function messageKeys<const N extends string>(
  prefix: string,
  names: ReadonlyArray<N>,
): Readonly<Record<N, string>> {
  return Object.fromEntries(names.map((name) => [name, `${prefix}.${name}`])) as Record<N, string>;
}
