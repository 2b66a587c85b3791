import type { TaxLine } from '@mels/domain';
import PDFDocument from 'pdfkit';
import { useJapaneseFont } from './japanese-font.ts';

export type ReceiptInput = {
  number: string;
  recipient: string;
  amount: number;
  /** 但し書き: what was paid for. */
  purpose: string;
  /** The day of payment in Tokyo, YYYY年MM月DD日. */
  date: string;
  /** The issuer; registrationNumber is its qualified-invoice registration number (T + 13 digits). */
  issuer: { name: string; address: string; registrationNumber: string };
  /** The consumption tax per rate (taxSummary of @mels/domain): the amount is tax-inclusive. */
  taxes: readonly TaxLine[];
};

export const yen = (amount: number) => `¥${amount.toLocaleString('ja-JP')}-`;

/** Formats an instant as a date in Asia/Tokyo: 2026年11月22日. */
export function jaDate(at: Date): string {
  const tokyo = new Date(at.getTime() + 9 * 3600 * 1000);
  const y = tokyo.getUTCFullYear();
  const m = String(tokyo.getUTCMonth() + 1).padStart(2, '0');
  const d = String(tokyo.getUTCDate()).padStart(2, '0');
  return `${y}年${m}月${d}日`;
}

/** One rate's line of the breakdown: 10%対象 ¥3,300-（内消費税等 ¥300-）. */
export const taxLineText = (line: TaxLine) =>
  `${line.rate}%対象 ${yen(line.amount)}（内消費税等 ${yen(line.tax)}）`;

/**
 * The receipt (領収書) as a PDF, A5 landscape. It is a qualified invoice (適格請求書): the issuer's
 * registration number, and the tax-inclusive total and consumption tax of each rate.
 */
export async function renderReceipt(input: ReceiptInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    layout: 'landscape',
    margin: 40,
    info: { Title: `領収書 ${input.number}`, Author: input.issuer.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // The parsed font shared with the certificates (lib/pdf/japanese-font.ts): read and parsed once per
  // process, not for every receipt (issue 20: p50 158 ms → see docs/benchmarks/certificate-pdf.md).
  useJapaneseFont(doc);

  const width = doc.page.width - 80;
  doc.fontSize(24).text('領収書', 40, 40, { width, align: 'center', characterSpacing: 8 });
  doc.fontSize(9).text(`No. ${input.number}`, 40, 48, { width, align: 'right' });
  doc.text(`発行日 ${input.date}`, 40, 62, { width, align: 'right' });

  doc.fontSize(16).text(`${input.recipient} 様`, 40, 100, { width: width * 0.6 });
  doc
    .moveTo(40, 124)
    .lineTo(40 + width * 0.6, 124)
    .lineWidth(0.8)
    .stroke();

  doc
    .rect(100, 145, width - 120, 44)
    .lineWidth(1)
    .stroke();
  doc.fontSize(22).text(yen(input.amount), 100, 155, { width: width - 120, align: 'center' });

  doc.fontSize(11).text(`但し ${input.purpose} として`, 40, 205, { width });
  doc.text('上記正に領収いたしました。', 40, 223, { width });
  doc.fontSize(9).text(`お支払日 ${input.date}`, 40, 243, { width });
  input.taxes.forEach((line, i) => {
    doc.text(`${i === 0 ? '税率別内訳 ' : ''}${taxLineText(line)}`, 40, 257 + i * 13, { width });
  });

  doc.fontSize(11).text(input.issuer.name, 40, 288, { width, align: 'right' });
  doc.fontSize(9).text(input.issuer.address, 40, 305, { width, align: 'right' });
  doc.text(`登録番号 ${input.issuer.registrationNumber}`, 40, 319, { width, align: 'right' });
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text('この領収書は電子的に発行したものです。印紙の貼付および押印は省略しております。', 40, 350, {
      width,
      align: 'center',
    });
  doc.end();
  return done;
}
