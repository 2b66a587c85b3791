/**
 * Benchmark of the receipt PDF (lib/pdf/receipt.ts) and the certificate PDF
 * (modules/certificates/certificate-pdf.ts), which share the parsed Japanese font: warm-up, then N runs
 * with different holder names (so the font subset differs each time), p50/p95/max in ms and sizes.
 *
 *   npm run bench:certificate -- [runs=200] [warmup=20]
 */
import os from 'node:os';
import { ASSOCIATION_NAME_JA } from '@mels/domain';
import { renderReceipt } from '../src/lib/pdf/receipt.ts';
import { renderCertificate } from '../src/modules/certificates/certificate-pdf.ts';

const runs = Number(process.argv[2] ?? 200);
const warmup = Number(process.argv[3] ?? 20);
const lastNames = [
  '山田',
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山口',
];
const firstNames = [
  '花子',
  '太郎',
  '美咲',
  '健一',
  '恵',
  '翔太',
  '由美',
  '大輔',
  '直子',
  '陽菜',
  '蓮',
  '結衣',
];

const input = (i: number) => ({
  number: `B-${String(i + 1).padStart(6, '0')}`,
  holderName: `${lastNames[i % lastNames.length]} ${firstNames[(i * 7) % firstNames.length]}`,
  holderNameAlpha: 'HANAKO YAMADA',
  courseName: 'ベーシックコース',
  sessionName: '東京都 ベーシックコース（第3回）',
  sessionDate: '2026-11-20',
  venue: '東京都立医療研修センター（東京都千代田区）',
  startDate: '2026-11-22',
  endDate: '2031-11-21',
  issuedOn: '2026-11-22',
  association: ASSOCIATION_NAME_JA,
  verifyUrl: 'https://mels.example.jp/verify/Qx8Zr2aB4cD6eF8gH0iJ2kL4',
});

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

const receipt = (i: number) => ({
  number: `R-${String(i + 1).padStart(8, '0')}`,
  recipient: input(i).holderName,
  amount: 16500 + (i % 7) * 1100,
  purpose: '東京都 ベーシックコース（第3回）受講料',
  date: '2026年11月22日',
  issuer: {
    name: ASSOCIATION_NAME_JA,
    address: '東京都千代田区一番町1-1',
    registrationNumber: 'T1234567890123',
  },
  taxes: [{ rate: 10, amount: 16500 + (i % 7) * 1100, tax: 1500 + (i % 7) * 100 }],
});

/** One kind of PDF: a cold run (font read and parsed), the warm-up, then the measured runs. */
async function measure(name: string, render: (i: number) => Promise<Buffer>) {
  const coldStart = performance.now();
  await render(0);
  const cold = performance.now() - coldStart;
  for (let i = 0; i < warmup; i++) await render(i);
  const times: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const pdf = await render(i);
    times.push(performance.now() - t);
    sizes.push(pdf.length);
  }
  times.sort((a, b) => a - b);
  sizes.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  console.log(`${name}: first (cold) ${f(cold)} ms`);
  console.log(
    `  p50 ${f(quantile(times, 0.5))} ms  p95 ${f(quantile(times, 0.95))} ms  max ${f(times.at(-1) ?? 0)} ms`,
  );
  console.log(
    `  size: min ${((sizes[0] ?? 0) / 1024).toFixed(1)} KB  max ${((sizes.at(-1) ?? 0) / 1024).toFixed(1)} KB`,
  );
}

console.log(
  `PDF rendering: ${runs} runs after ${warmup} warm-up, ${os.cpus().length} CPUs, Node ${process.version}, load ${os.loadavg()[0]?.toFixed(2)}`,
);
// The receipt first: whichever runs first reads and parses the font for both.
await measure('receipt PDF', (i) => renderReceipt(receipt(i)));
await measure('certificate PDF', (i) => renderCertificate(input(i)));
console.log(`load after: ${os.loadavg()[0]?.toFixed(2)}`);
