/**
 * Benchmark of the certificate PDF (modules/certificates/certificate-pdf.ts): warm-up, then N runs
 * with different holder names (so the font subset differs each time), p50/p95/max in ms and sizes.
 *
 *   npm run bench:certificate -- [runs=200] [warmup=20]
 */
import os from 'node:os';
import { ASSOCIATION_NAME_JA } from '@mels/domain';
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

const coldStart = performance.now();
await renderCertificate(input(0));
const cold = performance.now() - coldStart;
for (let i = 0; i < warmup; i++) await renderCertificate(input(i));
const times: number[] = [];
const sizes: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  const pdf = await renderCertificate(input(i));
  times.push(performance.now() - t);
  sizes.push(pdf.length);
}
times.sort((a, b) => a - b);
sizes.sort((a, b) => a - b);
const f = (n: number) => n.toFixed(1);
console.log(
  `certificate PDF: ${runs} runs after ${warmup} warm-up, ${os.cpus().length} CPUs, Node ${process.version}`,
);
console.log(`first (cold, font read and parsed): ${f(cold)} ms`);
console.log(
  `p50 ${f(quantile(times, 0.5))} ms  p95 ${f(quantile(times, 0.95))} ms  max ${f(times.at(-1) ?? 0)} ms`,
);
console.log(
  `size: min ${((sizes[0] ?? 0) / 1024).toFixed(1)} KB  max ${((sizes.at(-1) ?? 0) / 1024).toFixed(1)} KB`,
);
