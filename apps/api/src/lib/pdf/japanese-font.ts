import fs from 'node:fs';

/**
 * The Japanese font of the PDFs. pdfkit embeds only the glyphs used (a subset), so a receipt stays
 * a few tens of KB. Default: Noto Sans CJK JP from Debian's fonts-noto-cjk (OFL); RECEIPT_FONT_PATH
 * (and RECEIPT_FONT_NAME for a .ttc collection) points elsewhere.
 */
export const DEFAULT_FONT_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const DEFAULT_FONT_NAME = 'NotoSansCJKjp-Regular';

export class FontMissingError extends Error {}

export function japaneseFont(env: NodeJS.ProcessEnv = process.env): {
  path: string;
  name: string | undefined;
} {
  const path = env.RECEIPT_FONT_PATH || DEFAULT_FONT_PATH;
  if (!fs.existsSync(path)) {
    throw new FontMissingError(
      `Japanese font not found at ${path}: install fonts-noto-cjk (apt-get install fonts-noto-cjk) or set RECEIPT_FONT_PATH to a .ttf/.otf/.ttc`,
    );
  }
  const name = env.RECEIPT_FONT_NAME || (path.endsWith('.ttc') ? DEFAULT_FONT_NAME : undefined);
  return { path, name };
}

// The font file is read once per process (about 19 MB); pdfkit embeds only the glyphs used.
let fontCache: { key: string; data: Buffer; name: string | undefined } | undefined;
function fontData() {
  const font = japaneseFont();
  const key = `${font.path}\u0000${font.name ?? ''}`;
  if (fontCache?.key !== key) fontCache = { key, data: fs.readFileSync(font.path), name: font.name };
  return fontCache;
}

type PdfInternals = {
  _font?: { constructor: EmbeddedFontClass; font: unknown };
  _fontFamilies?: Record<string, unknown>;
  _fontCount?: number;
};
type EmbeddedFontClass = new (doc: PDFKit.PDFDocument, font: unknown, id: string) => { name?: string };
let sharedFont: { key: string; Embedded: EmbeddedFontClass; font: unknown } | undefined;

/**
 * Sets the Japanese font on a document. pdfkit parses the font (fontkit) for every document, and
 * fontkit's first layout of a CJK font builds large caches: about 0.8 s per certificate. The parsed
 * font is kept once per process and wrapped for each document in pdfkit's own embedded-font class
 * (its per-document subset stays separate), which brings a certificate to a few tens of ms. This uses
 * pdfkit internals (`_fontFamilies`); when they are not there, the ordinary registration is used.
 */
export function useJapaneseFont(doc: PDFKit.PDFDocument) {
  const f = fontData();
  const internals = doc as unknown as PdfInternals;
  if (f.name) doc.registerFont('jp', f.data, f.name);
  else doc.registerFont('jp', f.data);
  if (sharedFont?.key === f.key && internals._fontFamilies && typeof internals._fontCount === 'number') {
    internals._fontCount += 1;
    const embedded = new sharedFont.Embedded(doc, sharedFont.font, `F${internals._fontCount}`);
    internals._fontFamilies.jp = embedded;
    if (embedded.name) internals._fontFamilies[embedded.name] = embedded;
    doc.font('jp');
    return;
  }
  doc.font('jp');
  const embedded = internals._font;
  if (embedded?.font) sharedFont = { key: f.key, Embedded: embedded.constructor, font: embedded.font };
}

/**
 * OpenType features switched off for the certificate's text: for Japanese set horizontally they change
 * nothing visible (no ligatures or contextual forms are needed, and the face is already the JP one), and
 * fontkit's GSUB/GPOS pass over this large font was a sixth of the rendering time.
 */
export const NO_FEATURES = Object.fromEntries(
  ['ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern', 'rvrn'].map(
    (f) => [f, false],
  ),
) as unknown as PDFKit.Mixins.TextOptions['features'];
