/**
 * Cookies that tell the server which prerendered HTML to answer a page with (apps/api's plugins/web.ts,
 * scripts/prerender.mjs): whether this browser holds a token, and the language it reads. They are hints,
 * not credentials: a wrong one costs a redraw once the app starts, never access.
 */
export function readHintCookie(name: string): string | null {
  const part = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return part === undefined ? null : part.slice(name.length + 1) || null;
}

/** Writes the hint for a year, or removes it (null). */
export function writeHintCookie(name: string, value: string | null) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${name}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
