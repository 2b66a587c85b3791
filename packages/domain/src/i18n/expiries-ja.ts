/**
 * The office's certificate expiries and renewals (decision 038): field names and the console's words. Part
 * of the office dictionary (office.expiries.*), loaded with the console only.
 */
export const expiriesJa = {
  fields: {
    state: '有効期限',
    renewal: '更新状況',
    q: '氏名・メール・認定番号',
    reason: '理由',
  },
  nav: '有効期限',
  title: '認定の有効期限',
  intro:
    'BI（ベーシックインストラクター）認定のうち、有効期限まで6か月以内のものと、期限切れ後3か月以内（更新できる期間）のものです。',
  dashboard: '6か月以内に期限を迎える認定',
  dashboardHint: '更新の状況と案内メールを確認',
  filters: '絞り込み',
  search: '検索',
  csv: 'CSVをダウンロード',
  none: '該当する認定はありません。',
  total: '{0}件',
  states: { expiring: '6か月以内に期限', expired: '期限切れ（3か月以内）', all: 'すべて' },
  renewalFilters: { any: 'すべて', notStarted: '未着手', started: '手続き中', renewed: '更新済み' },
  progress: {
    notStarted: '未着手',
    awaitingPayment: '更新料のお支払い待ち',
    inProgress: '動画視聴中',
    postTest: '確認テスト中',
    complete: '更新完了',
    renewed: '更新済み',
  },
  reminders: {
    sixMonths: '6か月前',
    oneMonth: '1か月前',
    oneDay: '前日',
    expired: '期限切れ',
  },
  columns: {
    member: '会員',
    number: '認定番号',
    endDate: '有効期限',
    daysLeft: '残り日数',
    renewal: '更新状況',
    reminder: '案内メール',
    actions: '操作',
  },
  caption: '有効期限の近い認定の一覧',
  days: '{0}日',
  daysPast: '{0}日経過',
  noReminder: '未送信',
  viewRenewal: '更新の詳細',
  extend: '手動で更新',
  revoke: '失効',
  extendTitle: '認定 {0} を手動で更新',
  extendLead:
    '更新の手続きを経ずに、新しい有効期間の認定を発行します。元の認定は「更新済み」になります。理由は操作履歴に残ります。',
  revokeTitle: '認定 {0} を失効',
  revokeLead: '認定を失効させます。認定の確認ページでは「失効」と表示されます。理由は操作履歴に残ります。',
  confirm: '実行する',
  cancel: 'キャンセル',
  extended: '認定 {0} を更新しました（新しい認定番号：{1}）。',
  revoked: '認定 {0} を失効させました。',
  renewal: {
    title: '更新申請 {0}',
    status: '状況',
    member: '会員',
    source: '更新元の認定',
    certificate: '発行された認定',
    none: 'なし',
    videos: '動画の視聴',
    videosValue: '{0} / {1} 本',
    test: '確認テスト',
    testValue: '正解 {0} / {1} 問（回答 {2} 回）',
    payments: '更新料',
    orderStatus: { '0': '決済中', '1': '決済失敗', '2': '返金済み', '3': '支払い済み' },
    orderLine: '注文 {0}：{1}（{2}）',
    noPayment: 'お支払いはまだありません。',
    back: '一覧へ戻る',
  },
};

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type ExpiriesMessages = Widen<typeof expiriesJa>;
