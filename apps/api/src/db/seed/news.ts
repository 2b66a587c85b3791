import type { Executor } from '../client.ts';
import { news, newsCategories } from '../schema.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { addDays, fiscalYear, jaDate, jst, lastAnniversary } from './dates.ts';

const CATEGORIES = ['お知らせ', '講習会', '認定・更新', 'システム', '重要'] as const;
type Category = (typeof CATEGORIES)[number];

type NewsSeed = {
  category: Category;
  title: string;
  content: string;
  /** YYYY-MM-DD (Japan). */
  publicDate: string;
  time: string;
  userTypeId?: number;
  /** Days after the public date when it was last edited. */
  editedAfter?: number;
};

/** The news of the last eighteen months (and two scheduled ahead), dated relative to `today`. */
function newsSeeds(today: string): NewsSeed[] {
  const ago = (days: number) => addDays(today, -days);
  const yearEnd = lastAnniversary(today, 12, 5);
  const yearEndYear = Number(yearEnd.slice(0, 4));
  const summer = lastAnniversary(today, 7, 25);
  const summerYear = Number(summer.slice(0, 4));
  const schedule = lastAnniversary(today, 4, 1);
  const fy = fiscalYear(schedule);
  const review = lastAnniversary(today, 5, 15);
  const meeting = lastAnniversary(today, 6, 2);
  const maintenanceDay = addDays(today, 10);

  return [
    {
      category: 'システム',
      title: 'MELS Portal を公開しました',
      publicDate: ago(535),
      time: '10:00',
      content: `<p>日本母体救命システム普及協議会の講習会ポータルサイト「MELS Portal」を公開しました。</p>
<p>本サイトでは、全国で開催される母体救命講習会の検索・申込から、事前学習動画の視聴、事前テスト・事後テスト、アンケートへの回答、修了証のダウンロードまでを一つのアカウントで行えます。</p>
<ul><li>講習会の検索と申込</li><li>受講料のクレジットカード決済</li><li>事前学習動画の視聴と各種テスト</li><li>修了証・認定証のダウンロード</li></ul>
<p>ご利用にあたっては、まず<a href="/register">会員登録</a>をお願いいたします。</p>`,
    },
    {
      category: 'システム',
      title: '会員登録の方法について',
      publicDate: ago(528),
      time: '10:00',
      editedAfter: 40,
      content: `<p>講習会への申込には会員登録が必要です。以下の手順でご登録ください。</p>
<ol><li>トップページ右上の「ログイン」から「新規会員登録」へ進みます。</li><li>氏名（漢字・フリガナ・ローマ字）、職種、勤務先などを入力します。</li><li>入力内容を確認し、登録を完了します。</li></ol>
<p>登録完了後、ご入力いただいたメールアドレスに登録完了のお知らせが届きます。メールが届かない場合は、迷惑メールフォルダもご確認ください。</p>
<p>修了証にはローマ字氏名が印字されます。パスポート等と同じ綴りでご登録ください。</p>`,
    },
    {
      category: 'システム',
      title: '旧システムの受講履歴の引き継ぎ（データ移行）について',
      publicDate: ago(512),
      time: '14:00',
      content: `<p>旧受講管理システムでベーシックコースまたはベーシックインストラクターコースを受講された方は、受講コードまたは認定番号を入力することで、修了証・認定証を本サイトに引き継ぐことができます。</p>
<ul><li>受講コード：受講票に記載された「A」で始まる番号（例：A2023-000123）</li><li>認定番号：修了証・認定証に記載された番号</li></ul>
<p>ヘッダーの「データ移行」から、対象のコースを選んで手続きを行ってください。番号がご不明な場合は、<a href="/contact-us">お問い合わせフォーム</a>から事務局までご連絡ください。</p>`,
    },
    {
      category: 'お知らせ',
      title: 'ベーシックコース公式テキスト（改訂第3版）の販売を開始しました',
      publicDate: ago(470),
      time: '11:00',
      content: `<p>最新の診療指針を反映した「母体救命ベーシックコース 公式テキスト（改訂第3版）」の販売を、オンラインショップで開始しました。</p>
<p>講習会当日にもテキストをお配りしますが、事前学習や院内勉強会にご活用いただける方はぜひお求めください。</p>
<p><a href="/store">オンラインショップはこちら</a></p>`,
    },
    {
      category: 'システム',
      title: 'クレジットカード決済の取り扱いを開始しました',
      publicDate: ago(455),
      time: '10:00',
      content: `<p>コース登録料および受講料のお支払いに、クレジットカード決済をご利用いただけるようになりました。</p>
<p>ご利用いただけるカード：Visa、Mastercard、American Express、JCB、Diners Club、Discover</p>
<p>銀行振込・現地払いの可否は講習会ごとに異なります。各講習会の詳細ページでご確認ください。なお、コース登録料は返金いたしかねますので、あらかじめご了承ください。</p>`,
    },
    {
      category: '講習会',
      title: '講習会の抽選方式について',
      publicDate: ago(432),
      time: '15:00',
      content: `<p>申込者の多い講習会では、申込期間の終了後に抽選を行います。申込期間内であれば、申込の順番は結果に影響しません。</p>
<ul><li>抽選結果は申込締切後、およそ1週間以内にメールでお知らせします。</li><li>同じコースの複数の講習会に申し込んだ場合、いずれかに当選すると他の講習会は「落選（他の講習会で当選）」となります。</li><li>当選後に辞退される場合は、速やかにキャンセル申請を行ってください。繰り上げ当選のご案内に使わせていただきます。</li></ul>`,
    },
    {
      category: '重要',
      title: '【重要】当協議会を装った不審なメールにご注意ください',
      publicDate: ago(401),
      time: '09:30',
      content: `<p>当協議会の名称を使い、受講料の支払いやカード情報の入力を求める不審なメールが確認されています。</p>
<p>当協議会からのメールは、すべて本サイトのドメインから送信しています。メール本文のリンクからカード情報を入力するよう求めることはありません。</p>
<p>心当たりのないメールを受け取った場合は、リンクを開かずに削除してください。ご不明な点は<a href="/contact-us">事務局</a>までお問い合わせください。</p>`,
    },
    {
      category: 'お知らせ',
      title: 'インストラクター向け資料ページを開設しました',
      publicDate: ago(380),
      time: '10:00',
      userTypeId: 1,
      content: `<p>認定インストラクターの皆様向けに、講習会運営に役立つ資料をまとめた「インストラクター資料」ページを開設しました。</p>
<p>標準タイムテーブル、シナリオ運営のポイント、デブリーフィングの進め方などを掲載しています。閲覧できる資料は、インストラクターランクによって異なります。</p>
<p><a href="/instructor-document">インストラクター資料はこちら</a></p>`,
    },
    {
      category: '講習会',
      title: 'ベーシックコースの事前学習動画を更新しました',
      publicDate: ago(352),
      time: '13:00',
      content: `<p>ベーシックコースの事前学習動画を、最新の診療指針に合わせて更新しました。主な変更点は次のとおりです。</p>
<ul><li>産科危機的出血の初期対応（ショックインデックスの評価）を追加</li><li>妊産婦の心肺蘇生における用手的子宮左方移動の解説を改訂</li><li>全体の収録時間を約60分に再構成</li></ul>
<p>すでに視聴を終えている方は、再視聴の必要はありません。</p>`,
    },
    {
      category: '認定・更新',
      title: 'アシスタント経験の記録方法が変わります',
      publicDate: ago(322),
      time: '10:00',
      userTypeId: 2,
      content: `<p>インストラクター認定の申請に必要なアシスタント経験は、本サイトで自動的に記録されるようになりました。</p>
<p>講習会終了後、担当インストラクターの承認をもって経験1回として記録されます。承認状況はマイページの活動履歴で確認できます。</p>
<p>紙の「指導記録票」の提出は不要になりました。</p>`,
    },
    {
      category: 'システム',
      title: 'システムメンテナンス実施のお知らせ',
      publicDate: ago(301),
      time: '17:00',
      content: `<p>サービス品質向上のため、下記の日程でシステムメンテナンスを実施いたします。メンテナンス中は本サイトをご利用いただけません。</p>
<p>実施日時：${jaDate(ago(295))} 2:00〜6:00（予定）</p>
<p>ご不便をおかけしますが、ご理解とご協力をお願いいたします。</p>`,
    },
    {
      category: 'お知らせ',
      title: '母体急変対応に関するアンケート調査へのご協力のお願い',
      publicDate: ago(280),
      time: '11:00',
      content: `<p>当協議会では、医療機関における母体急変への備えの実態を把握するため、アンケート調査を実施しています。</p>
<p>回答時間は10分程度です。いただいた回答は統計的に処理し、個人や施設が特定される形で公表することはありません。</p>
<p>皆様のご協力をお願いいたします。</p>`,
    },
    {
      category: '講習会',
      title: 'アドバンスコースの受講要件を変更しました',
      publicDate: ago(251),
      time: '10:00',
      content: `<p>アドバンスコースの受講要件を次のとおり変更しました。</p>
<ul><li>変更前：ベーシックコースを修了した医師</li><li>変更後：ベーシックコースを修了した医師、助産師、看護師</li></ul>
<p>多職種がそろったチームでの実習を充実させるための変更です。各講習会の募集要項もあわせてご確認ください。</p>`,
    },
    {
      category: 'お知らせ',
      title: '地域開催団体の登録受付を開始しました',
      publicDate: ago(229),
      time: '10:00',
      content: `<p>地域で母体救命講習会の開催を希望される団体の登録受付を開始しました。登録団体は、事務局の承認後に講習会の開催申請を行えます。</p>
<p>詳しくは<a href="/seminar-info">講習会を開催される方へ</a>をご覧ください。</p>`,
    },
    {
      category: '認定・更新',
      title: '認定更新コース（オンライン）の受付を開始しました',
      publicDate: ago(201),
      time: '10:00',
      userTypeId: 1,
      content: `<p>ベーシックインストラクター・インストラクターの認定更新を、オンラインで行えるようになりました。</p>
<ol><li>マイページの認定証一覧から「認定を更新する」を選びます。</li><li>更新料をお支払いのうえ、更新用動画をすべて視聴します。</li><li>確認テストに全問正解すると、新しい認定証をダウンロードできます。</li></ol>
<p>更新には、認定期間内のインストラクター活動実績（認定期間5年の方は3回以上、3年の方は2回以上）が必要です。</p>`,
    },
    {
      category: 'システム',
      title: '修了証のPDFダウンロードについて',
      publicDate: ago(182),
      time: '14:00',
      content: `<p>講習会の事後テストとアンケートを終えると、講習会の詳細ページから修了証（PDF）をダウンロードできます。</p>
<p>修了証には認定番号と確認用のコードが記載されています。勤務先などから提示を求められた場合にご利用ください。再発行の手続きは不要で、何度でもダウンロードできます。</p>`,
    },
    {
      category: '講習会',
      title: '台風の接近に伴う講習会の開催中止について',
      publicDate: ago(158),
      time: '16:30',
      content: `<p>台風の接近に伴い、受講者・スタッフの安全を考慮し、九州地方で予定していた一部の講習会の開催を中止いたしました。</p>
<p>お申し込みいただいた方には、事務局より個別にご連絡しております。お支払い済みの受講料は全額返金いたします。</p>
<p>楽しみにしてくださっていた皆様には大変ご迷惑をおかけし、申し訳ございません。</p>`,
    },
    {
      category: 'お知らせ',
      title: '銀行振込でお支払いの方へ（お振込期限について）',
      publicDate: ago(141),
      time: '10:00',
      content: `<p>銀行振込をお選びいただいた場合、お申し込みから<strong>7日以内</strong>にお振込みください。期限までに入金が確認できない場合、お申し込みはキャンセル扱いとなります。</p>
<p>振込手数料はお客様のご負担となります。振込名義は、会員登録の氏名（カタカナ）でお願いいたします。</p>`,
    },
    {
      category: 'お知らせ',
      title: 'オンラインショップに新商品を追加しました',
      publicDate: ago(119),
      time: '11:00',
      content: `<p>オンラインショップに次の商品を追加しました。</p>
<ul><li>母体急変対応 ポケットカード（5枚組）</li><li>MELS ロゴ入りポロシャツ</li><li>講習会用ネームホルダー</li></ul>
<p><a href="/store">オンラインショップはこちら</a></p>`,
    },
    {
      category: 'システム',
      title: '受講票の表示方法について',
      publicDate: ago(101),
      time: '10:00',
      content: `<p>受講票は、講習会の詳細ページの「受講票」から表示できます。印刷してお持ちいただくか、当日受付でスマートフォンの画面をご提示ください。</p>
<p>受講票が表示されない場合は、お支払いや同意事項の確認が済んでいるかご確認ください。</p>`,
    },
    {
      category: '講習会',
      title: '母体救命 指導者研修会のご案内',
      publicDate: ago(86),
      time: '10:00',
      userTypeId: 1,
      content: `<p>インストラクターの皆様を対象に、指導技法の向上を目的とした指導者研修会を開催します。</p>
<ul><li>内容：シナリオ改訂点の解説、デブリーフィング演習、地域開催の事例紹介</li><li>形式：会場開催とオンライン配信の併用</li><li>参加費：無料</li></ul>
<p>詳細と申込方法は、インストラクター資料ページに掲載しています。</p>`,
    },
    {
      category: '認定・更新',
      title: 'ベーシックインストラクター認定申請の手続きについて',
      publicDate: ago(71),
      time: '10:00',
      userTypeId: 2,
      content: `<p>ベーシックインストラクターコースの修了後1年以内に、所定のアシスタント経験を積まれた方は、マイページから認定を申請できます。</p>
<ul><li>医師・救急救命士：アシスタント経験1回以上</li><li>助産師・看護師：アシスタント経験3回以上</li></ul>
<p>申請には誓約書への同意と推薦書の提出が必要です。推薦書の様式はマイページからダウンロードできます。事務局での確認には2〜4日ほどかかります。</p>`,
    },
    {
      category: '重要',
      title: '妊産婦の心肺蘇生に関する指針改訂への対応について',
      publicDate: ago(56),
      time: '10:00',
      editedAfter: 9,
      content: `<p>関連学会による蘇生指針の改訂を受け、各コースの教材とシナリオを順次改訂しています。</p>
<p>改訂内容は講習会ごとに反映していきます。インストラクターの皆様には、インストラクター資料ページで改訂点の解説を公開しています。</p>
<p>（追記）ベーシックコースの事前テストを改訂版に差し替えました。</p>`,
    },
    {
      category: '講習会',
      title: 'キャンセル申請の受付方法について',
      publicDate: ago(41),
      time: '15:00',
      content: `<p>お申し込み済みの講習会を欠席される場合は、講習会の詳細ページから「キャンセル申請」を行ってください。事務局が承認するとキャンセルが確定します。</p>
<p>キャンセル確定後は取り消すことができません。受講料の返金可否は講習会ごとの規定によります。コース登録料は返金いたしかねます。</p>`,
    },
    {
      category: 'システム',
      title: '講習会検索の機能を改善しました',
      publicDate: ago(26),
      time: '10:00',
      content: `<p>トップページの講習会検索で、複数の都道府県・コースをまとめて指定できるようになりました。「詳細条件」を開き、チェックボックスで選択してください。</p>
<p>募集区分（受講者・インストラクター・アシスタント・見学者）による絞り込みもご利用いただけます。</p>`,
    },
    {
      category: '認定・更新',
      title: '認定期間が満了する方は更新手続きをお早めに',
      publicDate: ago(12),
      time: '10:00',
      userTypeId: 1,
      content: `<p>認定期間の満了日が近づいている方は、マイページの認定証一覧に「まもなく期限切れ」と表示されます。</p>
<p>更新手続きは満了日の6か月前から行えます。期限を過ぎると更新コースを利用できなくなりますので、お早めにお手続きください。</p>`,
    },
    {
      category: 'システム',
      title: 'システムメンテナンスのお知らせ',
      publicDate: ago(4),
      time: '17:00',
      content: `<p>下記の日程でシステムメンテナンスを実施いたします。メンテナンス中は、講習会の申込やお支払いを含むすべての機能がご利用いただけません。</p>
<p>実施日時：${jaDate(maintenanceDay)} 1:00〜5:00（予定）</p>
<p>作業の状況により、終了時刻が前後する場合があります。ご理解とご協力をお願いいたします。</p>`,
    },
    {
      category: 'お知らせ',
      title: '年末年始の事務局休業について',
      publicDate: yearEnd,
      time: '10:00',
      content: `<p>誠に勝手ながら、下記の期間は事務局を休業いたします。</p>
<p>休業期間：${yearEndYear}年12月27日〜${yearEndYear + 1}年1月5日</p>
<p>休業期間中も本サイトからの講習会申込は可能です。お問い合わせへの回答は、${yearEndYear + 1}年1月6日以降に順次行います。</p>`,
    },
    {
      category: 'お知らせ',
      title: '夏季休業のお知らせ',
      publicDate: summer,
      time: '10:00',
      content: `<p>誠に勝手ながら、${summerYear}年8月11日から8月16日まで、事務局を夏季休業とさせていただきます。</p>
<p>期間中にいただいたお問い合わせには、8月17日以降に順次回答いたします。</p>`,
    },
    {
      category: '講習会',
      title: `${fy}年度の講習会開催日程を公開しました`,
      publicDate: schedule,
      time: '10:00',
      editedAfter: 30,
      content: `<p>${fy}年度に全国で開催する講習会の日程を公開しました。開催日程は各地の開催団体との調整により順次追加します。</p>
<p>申込受付期間は講習会ごとに異なります。<a href="/search-result?recruitment=4">講習会検索</a>から、お住まいの地域の講習会をお探しください。</p>`,
    },
    {
      category: '認定・更新',
      title: `${fiscalYear(review)}年度 インストラクター認定審査の日程について`,
      publicDate: review,
      time: '10:00',
      userTypeId: 1,
      content: `<p>${fiscalYear(review)}年度のインストラクター認定審査は、毎月末に申請を締め切り、翌月中旬に結果をお知らせします。</p>
<p>申請内容に不備がある場合は、事務局からメールでご連絡します。期日までにご対応ください。</p>`,
    },
    {
      category: 'お知らせ',
      title: `${fiscalYear(meeting)}年度 定時社員総会の開催について`,
      publicDate: meeting,
      time: '10:00',
      content: `<p>${fiscalYear(meeting)}年度の定時社員総会を開催し、前年度の事業報告と決算、本年度の事業計画が承認されました。</p>
<p>事業報告の概要は<a href="/about">協議会について</a>のページでご覧いただけます。</p>`,
    },
    {
      category: '講習会',
      title: '講習会当日の服装と持ち物について',
      publicDate: ago(214),
      time: '10:00',
      content: `<p>講習会当日は、次の点にご留意ください。</p>
<ul><li>実習では床に膝をつく場面があります。動きやすいパンツスタイルでご参加ください。</li><li>受講票（印刷したもの、またはスマートフォンの画面）をご持参ください。</li><li>筆記用具をお持ちください。</li></ul>
<p>昼食の有無は講習会ごとに異なります。各講習会の注意事項をご確認ください。</p>`,
    },
    {
      category: '認定・更新',
      title: 'インストラクター認定証の郵送を終了しました',
      publicDate: ago(365),
      time: '10:00',
      userTypeId: 1,
      content: `<p>インストラクター認定証は、紙の認定証の郵送を終了し、本サイトからのPDFダウンロードに一本化しました。</p>
<p>認定証にはオンラインで真正性を確認できるコードが記載されています。</p>`,
    },
    {
      category: 'お知らせ',
      title: '冬季の講習会開催に関するお願い',
      publicDate: addDays(today, 9),
      time: '10:00',
      content: `<p>冬季は降雪や路面凍結により、交通機関が乱れることがあります。講習会当日は時間に余裕をもってお越しください。</p>
<p>悪天候により開催を中止する場合は、前日の17時までに本サイトとメールでお知らせします。</p>`,
    },
    {
      category: '講習会',
      title: 'アドバンスコースの事前学習動画を公開します',
      publicDate: addDays(today, 24),
      time: '10:00',
      content: `<p>アドバンスコースの事前学習動画（約90分）を公開します。受講予定の方は、講習会の前日までに視聴と事前テストを完了してください。</p>`,
    },
  ];
}

export async function seedNews(db: Executor, now: Date, today: string): Promise<number> {
  const categories = await db
    .insert(newsCategories)
    .values(CATEGORIES.map((title) => ({ title })))
    .returning({ id: newsCategories.id });
  const categoryId = (c: Category) => categories[CATEGORIES.indexOf(c)]?.id ?? null;
  const seeds = newsSeeds(today).sort((a, b) => a.publicDate.localeCompare(b.publicDate));
  const rows = seeds.map((n) => {
    const publicDate = jst(n.publicDate, n.time);
    const drafted = jst(addDays(n.publicDate, -2), '16:00');
    const createdAt = drafted < now ? drafted : new Date(now.getTime() - 86_400_000);
    const edited = n.editedAfter ? jst(addDays(n.publicDate, n.editedAfter), '11:30') : publicDate;
    const updatedAt = edited <= now ? edited : createdAt;
    return {
      categoryId: categoryId(n.category),
      title: n.title,
      content: sanitizeHtml(n.content),
      publicDate,
      userTypeId: n.userTypeId ?? null,
      isPublished: true,
      createdAt,
      updatedAt,
    };
  });
  await db.insert(news).values(rows);
  return rows.length;
}
