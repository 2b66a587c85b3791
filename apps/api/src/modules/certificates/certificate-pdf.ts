import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { NO_FEATURES, useJapaneseFont } from '../../lib/pdf/japanese-font.ts';

export { NO_FEATURES, useJapaneseFont };

/** What the certificate (修了証) shows. Dates are YYYY-MM-DD calendar days. */
export type CertificatePdfInput = {
  number: string;
  holderName: string;
  holderNameAlpha: string | null;
  courseName: string;
  sessionName: string;
  sessionDate: string;
  venue: string;
  startDate: string;
  endDate: string | null;
  issuedOn: string;
  association: string;
  verifyUrl: string;
  /**
   * A course's certificate of completion (修了証, the default), or an instructor certification (認定証, an
   * approved request, decision 029): its title, number label and statement, and no session day.
   */
  kind?: 'completion' | 'certification';
};

/** The words of each kind of certificate. */
function wording(input: CertificatePdfInput) {
  if (input.kind === 'certification') {
    const title = input.courseName.replace(/コース$/, '');
    return {
      name: '認定証',
      spaced: '認 定 証',
      english: 'Certificate of Instructor Certification',
      number: '認定番号',
      statement: `あなたを「${title}」として認定したことをここに証します。`,
      dateLabel: '認定日',
    };
  }
  return {
    name: '修了証',
    spaced: '修 了 証',
    english: 'Certificate of Completion',
    number: '修了証番号',
    statement: `あなたは「${input.courseName}」の全課程を修了したことをここに証します。`,
    dateLabel: '開催日',
  };
}

/** 2026-11-22 → 2026年11月22日 */
export function jaDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${y}年${m}月${d}日`;
}

/** The largest size (down to `min`, in half points) at which `text` fits on one line of `width`. */
export function fitSize(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  max: number,
  min: number,
): number {
  let size = max;
  while (size > min && doc.fontSize(size).widthOfString(text, { features: NO_FEATURES }) > width) size -= 0.5;
  return size;
}

/** The QR code drawn as vector squares (smaller and faster than an embedded image). */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill();
  doc.restore();
}

/** The certificate of completion as a PDF: A4 landscape, Japanese in an embedded subset font, a QR code to the public check. */
export async function renderCertificate(input: CertificatePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: `${wording(input).name} ${input.number}`,
      Author: input.association,
      Subject: input.courseName,
    },
  });
  const words = wording(input);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  useJapaneseFont(doc);
  const text = doc.text.bind(doc);
  doc.text = ((str: string, x?: number, y?: number, options: PDFKit.Mixins.TextOptions = {}) =>
    text(str, x, y, { ...options, features: NO_FEATURES })) as typeof doc.text;

  const W = doc.page.width; // 841.89
  const H = doc.page.height; // 595.28
  const navy = '#1f3a5f';
  const gold = '#b08d3c';

  // Frame: a double border.
  doc
    .lineWidth(3)
    .strokeColor(navy)
    .rect(24, 24, W - 48, H - 48)
    .stroke();
  doc
    .lineWidth(0.8)
    .strokeColor(gold)
    .rect(34, 34, W - 68, H - 68)
    .stroke();

  doc
    .fillColor('#333333')
    .fontSize(10)
    .text(`${words.number}  ${input.number}`, 60, 56, { width: W - 120, align: 'right' });

  doc
    .fillColor(navy)
    .fontSize(40)
    .text(words.spaced, 0, 80, { width: W, align: 'center', characterSpacing: 6 });
  doc.fillColor(gold).fontSize(11).text(words.english, 0, 132, { width: W, align: 'center' });

  doc
    .fillColor('#111111')
    .fontSize(fitSize(doc, `${input.holderName}  殿`, W - 160, 28, 14))
    .text(`${input.holderName}  殿`, 0, 172, { width: W, align: 'center', height: 36, ellipsis: true });
  if (input.holderNameAlpha)
    doc.fillColor('#444444').fontSize(12).text(input.holderNameAlpha, 0, 210, { width: W, align: 'center' });
  doc
    .moveTo(W / 2 - 170, 230)
    .lineTo(W / 2 + 170, 230)
    .lineWidth(0.8)
    .strokeColor('#888888')
    .stroke();

  const statement = words.statement;
  doc
    .fillColor('#222222')
    .fontSize(fitSize(doc, statement, W - 160, 13, 9))
    .text(statement, 0, 250, { width: W, align: 'center', height: 20, ellipsis: true });

  // A certificate claimed from the older system has no session of this portal: no empty rows for it.
  const rows: Array<[string, string]> = [
    ['コース', input.courseName],
    ...(input.sessionName ? ([['講習会', input.sessionName]] as Array<[string, string]>) : []),
    [words.dateLabel, jaDay(input.sessionDate)],
    ...(input.venue ? ([['会場', input.venue]] as Array<[string, string]>) : []),
    [
      '有効期間',
      input.endDate ? `${jaDay(input.startDate)} 〜 ${jaDay(input.endDate)}` : `${jaDay(input.startDate)} 〜`,
    ],
  ];
  let y = 290;
  for (const [label, value] of rows) {
    doc.fillColor('#666666').fontSize(10.5).text(label, 150, y, { width: 80 });
    doc
      .fillColor('#111111')
      .fontSize(fitSize(doc, value, 380, 11.5, 7.5))
      .text(value, 235, y - 1, { width: 380, height: 16, ellipsis: true });
    y += 24;
  }

  doc
    .fillColor('#333333')
    .fontSize(11)
    .text(`発行日  ${jaDay(input.issuedOn)}`, 150, 430);
  doc.fillColor(navy).fontSize(15).text(input.association, 150, 470, { width: 460 });

  // QR code and short URL of the public verification page.
  const qrSize = 104;
  const qrX = W - 60 - qrSize - 40;
  drawQr(doc, input.verifyUrl, qrX, 400, qrSize);
  doc
    .fillColor('#555555')
    .fontSize(7.5)
    .text('真正性の確認', qrX - 20, 508, { width: qrSize + 40, align: 'center' });
  doc.fontSize(6.5).text(input.verifyUrl, qrX - 80, 519, { width: qrSize + 160, align: 'center' });

  doc.end();
  return done;
}
