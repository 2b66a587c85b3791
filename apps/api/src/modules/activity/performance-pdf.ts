import { format, instructorJa } from '@mels/domain';
import PDFDocument from 'pdfkit';
import { drawQr, fitSize, jaDay, NO_FEATURES, useJapaneseFont } from '../certificates/index.ts';

/** What a performance certificate (実績証明書) shows. Days are YYYY-MM-DD, times HH:MM[:SS]. */
export type PerformancePdfInput = {
  holderName: string;
  holderNameAlpha: string;
  role: string;
  trainingName: string;
  courseName: string;
  eventDate: string;
  startTime: string;
  endTime: string;
  venue: string;
  issuedOn: string;
  association: string;
  verificationCode: string;
  verifyUrl: string;
};

const m = instructorJa.performance;
const hhmm = (time: string) => time.slice(0, 5);

/** Hours between two times of a day, to the quarter hour (09:30–16:00 → 6.5). */
export function sessionHours(start: string, end: string): number {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return Math.max(0, Math.round(((minutes(end) - minutes(start)) / 60) * 4) / 4);
}

/** The performance certificate as a PDF: A4 portrait, Japanese, the verification code and its QR code. */
export async function renderPerformanceCertificate(input: PerformancePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: `実績証明書 ${input.trainingName}`, Author: input.association, Subject: input.courseName },
  });
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

  const W = doc.page.width; // 595.28
  const H = doc.page.height; // 841.89
  const navy = '#1f3a5f';
  doc
    .lineWidth(2)
    .strokeColor(navy)
    .rect(28, 28, W - 56, H - 56)
    .stroke();

  doc
    .fillColor('#333333')
    .fontSize(9.5)
    .text(`${m.pdfCode}  ${input.verificationCode}`, 56, 52, {
      width: W - 112,
      align: 'right',
    });
  doc
    .fillColor(navy)
    .fontSize(30)
    .text(m.pdfTitle, 0, 96, { width: W, align: 'center', characterSpacing: 4 });

  const holder = `${input.holderName}  殿`;
  doc
    .fillColor('#111111')
    .fontSize(fitSize(doc, holder, W - 160, 22, 12))
    .text(holder, 80, 180, { width: W - 160, align: 'left' });
  if (input.holderNameAlpha)
    doc
      .fillColor('#444444')
      .fontSize(10)
      .text(input.holderNameAlpha, 80, 210, { width: W - 160 });
  doc
    .moveTo(80, 228)
    .lineTo(W - 80, 228)
    .lineWidth(0.8)
    .strokeColor('#888888')
    .stroke();

  doc
    .fillColor('#222222')
    .fontSize(11.5)
    .text(format(m.pdfStatement, input.role), 80, 250, { width: W - 160 });

  const hours = sessionHours(input.startTime, input.endTime);
  const rows: Array<[string, string]> = [
    [m.pdfSession, input.trainingName],
    [m.pdfCourse, input.courseName],
    [m.pdfRole, input.role],
    [m.pdfDate, jaDay(input.eventDate)],
    [m.pdfVenue, input.venue],
    [m.pdfHours, format(m.pdfHoursValue, hhmm(input.startTime), hhmm(input.endTime), hours)],
  ];
  let y = 310;
  for (const [label, value] of rows) {
    doc.fillColor('#666666').fontSize(10.5).text(label, 100, y, { width: 90 });
    doc
      .fillColor('#111111')
      .fontSize(fitSize(doc, value, W - 300, 11.5, 7.5))
      .text(value, 195, y - 1, { width: W - 300, height: 16, ellipsis: true });
    y += 28;
  }

  doc
    .fillColor('#333333')
    .fontSize(11)
    .text(`${m.pdfIssued}  ${jaDay(input.issuedOn)}`, 100, 520);
  doc
    .fillColor(navy)
    .fontSize(14)
    .text(input.association, 100, 560, { width: W - 200 });

  const qrSize = 96;
  const qrX = W - 80 - qrSize;
  drawQr(doc, input.verifyUrl, qrX, 640, qrSize);
  doc
    .fillColor('#555555')
    .fontSize(7.5)
    .text(m.pdfCheck, qrX - 20, 740, { width: qrSize + 40, align: 'center' });
  doc.fontSize(6.5).text(input.verifyUrl, 80, 760, { width: W - 160, align: 'right' });

  doc.end();
  return done;
}
