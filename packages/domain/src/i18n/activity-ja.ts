/** Messages of the my-page activities tab (受講履歴): applications, history, certificates, older records. */
export const activityJa = {
  tab: '受講履歴',
  empty: '表示するデータはありません',
  previous: '前のページ',
  next: '次のページ',
  fields: {
    kind: '表示区分',
  },
  /** Statuses before the application (the card badge has none for them). */
  statuses: {
    courseRegistered: 'コース登録済み',
    preVideoWatched: '事前動画視聴済み',
    preTestDone: '事前テスト受験済み',
  },
  /** The participation statuses of spec 001 §4 that the card badges word otherwise (status_name). */
  participation: {
    getTicket: '参加証取得',
    attendedSeminar: '講習会受講',
    activityDone: '活動完了',
    notApproved: '未承認',
  },
  pending: {
    title: 'お申し込み中の講習会',
    pagination: 'お申し込み中の講習会のページ',
    eventDate: '開催日',
    venue: '会場',
    userType: '受講区分',
    open: '講習会ページへ',
    openLabel: '{0} の講習会ページへ',
  },
  history: {
    title: '受講履歴',
    caption: '受講履歴（{0}件）',
    pagination: '受講履歴のページ',
    name: '講習会名',
    course: 'コース',
    userType: '受講区分',
    eventDate: '開催日',
    status: 'ステータス',
    sortBy: '{0}で並べ替え',
    sort: '並び順',
    ascending: '{0}（昇順）',
    descending: '{0}（降順）',
  },
  certificates: {
    title: '修了証',
    caption: '修了証の一覧',
    number: '修了証番号',
    course: 'コース',
    period: '有効期間',
    status: '状態',
    download: 'PDF',
    downloadLabel: '修了証 {0} のPDFをダウンロード',
    downloaded: '修了証のPDFをダウンロードしました。',
    valid: '有効',
    expiringSoon: '期限間近',
    expiringSoonNote: '有効期限まで6か月を切りました。更新をご検討ください。',
    expired: '期限切れ',
    revoked: '失効',
    noExpiry: '期限なし',
    renew: '更新手続きへ',
    renewLabel: '認定 {0} の更新手続きへ',
    renewed: '更新済み',
  },
  legacy: {
    title: '以前のシステムでの受講履歴',
    caption: '以前のシステムでの受講履歴（直近3件）',
    participatedDate: '受講日',
    courseName: 'コース名',
    userTypeName: '受講区分',
  },
} as const;

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type ActivityMessages = Widen<typeof activityJa>;
