import type { Executor } from '../client.ts';
import { instructorDocumentCategories, instructorDocuments } from '../schema.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { addDays, jst } from './dates.ts';

const CATEGORIES = ['コース運営', '指導技法', '各種様式', '会議・研修会'] as const;
type Category = (typeof CATEGORIES)[number];

const DOCUMENTS: ReadonlyArray<{
  category: Category;
  title: string;
  minLevel: number;
  daysAgo: number;
  content: string;
}> = [
  {
    category: 'コース運営',
    title: 'ベーシックコース 標準タイムテーブル',
    minLevel: 1,
    daysAgo: 370,
    content: `<p>ベーシックコースの標準的な進行例です。会場や受講者数に応じて調整してください。</p>
<table><thead><tr><th>時間</th><th>内容</th></tr></thead><tbody>
<tr><td>8:30〜9:00</td><td>受付、インストラクターミーティング</td></tr>
<tr><td>9:00〜9:20</td><td>オリエンテーション、アイスブレイク</td></tr>
<tr><td>9:20〜10:30</td><td>ブース1：一次評価と初期対応</td></tr>
<tr><td>10:40〜12:00</td><td>ブース2：産科危機的出血</td></tr>
<tr><td>12:00〜13:00</td><td>昼休憩</td></tr>
<tr><td>13:00〜14:20</td><td>ブース3：妊産婦の心肺蘇生</td></tr>
<tr><td>14:30〜15:00</td><td>総合シナリオ、まとめ、事後テストの案内</td></tr>
</tbody></table>
<p>各ブースは受講者6名、インストラクター2名（うち1名はアシスタント可）を標準とします。</p>`,
  },
  {
    category: '指導技法',
    title: 'シナリオ運営のポイント',
    minLevel: 1,
    daysAgo: 300,
    content: `<p>シナリオは「正解を当てるクイズ」ではなく、チームで考えて動く体験の場です。次の点に留意して運営してください。</p>
<ul><li>開始前に、役割（リーダー、記録係など）と目標を明確に伝える。</li><li>バイタルサインの変化は、受講者の行動に合わせて提示する。</li><li>明らかな危険行為を除き、シナリオ中は介入を控える。</li><li>時間を守る。延長が必要なときはデブリーフィングの時間を削らない。</li></ul>`,
  },
  {
    category: '指導技法',
    title: 'デブリーフィングの進め方',
    minLevel: 1,
    daysAgo: 240,
    content: `<p>デブリーフィングは、受講者自身が気づきを言葉にする時間です。次の三段階で進めます。</p>
<ol><li><strong>感情の整理</strong>：「やってみてどうでしたか」と率直な感想を聞く。</li><li><strong>振り返り</strong>：よかった点と改善点を、受講者の言葉で挙げてもらう。</li><li><strong>まとめ</strong>：明日からの臨床で実践することを一つ決めてもらう。</li></ol>
<p>インストラクターが話す時間は全体の3割以下を目安にしましょう。</p>`,
  },
  {
    category: '各種様式',
    title: 'アシスタント承認の手順',
    minLevel: 1,
    daysAgo: 180,
    content: `<p>アシスタントとして参加した方の指導経験は、担当インストラクターの承認によって記録されます。</p>
<ol><li>講習会終了後、マイページの活動履歴から該当の講習会を開きます。</li><li>アシスタントの一覧で、参加を確認した方を承認します。</li><li>承認すると、アシスタントのマイページに経験1回として記録されます。</li></ol>
<p>承認は講習会終了後2週間以内に行ってください。</p>`,
  },
  {
    category: 'コース運営',
    title: 'インストラクターコース 運営マニュアル（抜粋）',
    minLevel: 2,
    daysAgo: 150,
    content: `<p>インストラクターコースを担当するディレクター・インストラクター向けの運営マニュアルの抜粋です。</p>
<ul><li>開催の2か月前までに、担当インストラクターとブース割りを確定する。</li><li>模擬指導の評価は、所定の評価表に基づいて行う。</li><li>修了判定に迷う場合は、当日中にディレクターと協議する。</li></ul>
<p>全文は研修会で配布する冊子をご参照ください。</p>`,
  },
  {
    category: 'コース運営',
    title: '地域で講習会を開催する際の準備チェックリスト',
    minLevel: 2,
    daysAgo: 95,
    content: `<p>講習会の開催準備に役立つチェックリストです。</p>
<ul><li>会場：ブース数に応じた部屋数、床の状態、机・椅子の配置</li><li>資機材：シミュレーター、モニター、模擬血液、記録用紙</li><li>人員：ディレクター1名、ブースごとのインストラクター2名</li><li>受講者への案内：服装、持ち物、会場アクセス</li></ul>`,
  },
  {
    category: '会議・研修会',
    title: '指導者研修会 開催概要',
    minLevel: 1,
    daysAgo: 84,
    content: `<p>インストラクターの皆様を対象とした指導者研修会の概要です。</p>
<ul><li>内容：シナリオ改訂点の解説、デブリーフィング演習、地域開催の事例紹介</li><li>形式：会場開催とオンライン配信の併用</li><li>参加費：無料</li></ul>
<p>参加をご希望の方は、事務局までお問い合わせフォームからご連絡ください。</p>`,
  },
  {
    category: '会議・研修会',
    title: 'ディレクター会議 議事要旨',
    minLevel: 3,
    daysAgo: 30,
    content: `<p>ディレクター会議の議事要旨です（ディレクター以上の方のみ閲覧できます）。</p>
<ul><li>次年度の開催計画と地域ごとの開催目標について協議した。</li><li>シナリオ改訂版の導入時期を確認した。</li><li>インストラクター認定審査の運用について意見交換を行った。</li></ul>`,
  },
];

export async function seedInstructorDocuments(db: Executor, today: string): Promise<number> {
  const categories = await db
    .insert(instructorDocumentCategories)
    .values(CATEGORIES.map((title) => ({ title })))
    .returning({ id: instructorDocumentCategories.id });
  await db.insert(instructorDocuments).values(
    DOCUMENTS.map((d) => ({
      categoryId: categories[CATEGORIES.indexOf(d.category)]?.id ?? null,
      title: d.title,
      content: sanitizeHtml(d.content),
      minLevel: d.minLevel,
      createdAt: jst(addDays(today, -d.daysAgo), '10:00'),
    })),
  );
  return DOCUMENTS.length;
}
