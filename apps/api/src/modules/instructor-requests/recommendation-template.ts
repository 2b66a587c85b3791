/**
 * The recommendation letter template (推薦書, Word) members download (decision 040): the office's upload
 * when there is one (in storage, replaced atomically by the storage layer), else the file shipped with
 * the server. Judged by its bytes: a .docx is a ZIP holding word/document.xml.
 */
import { readFile } from 'node:fs/promises';
import type { TemplateInfo } from '@mels/domain';
import type { Deps } from '../../plugins/deps.ts';

const SHIPPED = new URL('./assets/recommendation-letter-template.docx', import.meta.url);
export const TEMPLATE_KEY = 'templates/recommendation-letter.docx';
const META_KEY = 'templates/recommendation-letter.json';
export const TEMPLATE_NAME = '推薦書.docx';

type Meta = { uploadedAt: string };

/** A Word .docx by its bytes: a ZIP (PK\x03\x04) whose entries include word/document.xml. */
export function isDocx(data: Buffer): boolean {
  return (
    data.length > 30 &&
    data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) &&
    data.includes(Buffer.from('word/document.xml')) &&
    data.includes(Buffer.from('[Content_Types].xml'))
  );
}

/** The template's bytes as members download it now. */
export async function templateFile(deps: Deps): Promise<Buffer> {
  if (await deps.storage.exists(TEMPLATE_KEY)) return deps.storage.read(TEMPLATE_KEY);
  return readFile(SHIPPED);
}

export async function templateInfo(deps: Deps): Promise<TemplateInfo> {
  const stat = await deps.storage.stat(TEMPLATE_KEY);
  if (!stat) {
    const shipped = await readFile(SHIPPED);
    return { source: 'shipped', file_name: TEMPLATE_NAME, size: shipped.length, uploaded_at: null };
  }
  let meta: Meta | null = null;
  if (await deps.storage.exists(META_KEY)) {
    try {
      meta = JSON.parse((await deps.storage.read(META_KEY)).toString('utf8')) as Meta;
    } catch {
      meta = null;
    }
  }
  return {
    source: 'uploaded',
    file_name: TEMPLATE_NAME,
    size: stat.size,
    uploaded_at: meta?.uploadedAt ?? null,
  };
}

/** Stores a checked .docx as the template (the caller checked isDocx and the size, and audits). */
export async function storeTemplate(deps: Deps, data: Buffer, now: Date): Promise<TemplateInfo> {
  await deps.storage.put(TEMPLATE_KEY, data);
  await deps.storage.put(
    META_KEY,
    Buffer.from(JSON.stringify({ uploadedAt: now.toISOString() } satisfies Meta)),
  );
  return templateInfo(deps);
}
