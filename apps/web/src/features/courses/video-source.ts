import type { VideoPreview } from '@mels/domain';

/** How a preview plays: a self-hosted file in <video>, or the embed player of its host. */
export type VideoSource =
  | { kind: 'file'; src: string }
  | { kind: 'embed'; src: string; host: 'youtube' | 'vimeo' }
  | { kind: 'external'; href: string };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const ID = /^[A-Za-z0-9_-]{6,20}$/;

function youtubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') return url.pathname.slice(1).split('/')[0] ?? null;
  const v = url.searchParams.get('v');
  if (v) return v;
  const m = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
  return m?.[1] ?? null;
}

function vimeoId(url: URL): string | null {
  const m = /\/(?:video\/)?(\d{4,12})(?:$|[/?#])/.exec(url.pathname);
  return m?.[1] ?? null;
}

/** Chosen by the hostname the API gives ('self' for a path on this site). */
export function videoSource(video: Pick<VideoPreview, 'link' | 'hostname'>): VideoSource {
  const { link, hostname } = video;
  if (hostname === 'self' || link.startsWith('/')) return { kind: 'file', src: link };
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { kind: 'external', href: link };
  }
  const host = (hostname || url.hostname).toLowerCase();
  if (YOUTUBE_HOSTS.has(host)) {
    const id = youtubeId(url);
    if (id && ID.test(id))
      return { kind: 'embed', host: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}?rel=0` };
  }
  if (VIMEO_HOSTS.has(host)) {
    const id = vimeoId(url);
    if (id) return { kind: 'embed', host: 'vimeo', src: `https://player.vimeo.com/video/${id}` };
  }
  if (/\.(mp4|webm|ogv|m4v|mov)(?:$|\?)/i.test(url.pathname)) return { kind: 'file', src: link };
  return { kind: 'external', href: link };
}
