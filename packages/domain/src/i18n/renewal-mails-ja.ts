/**
 * The renewal reminder mails of a basic-instructor certificate (decision 038). Server-only: kept out of the
 * web's dictionaries. {0} the certificate number, {1} the course name, {2} the end date, {3} the renewal link.
 */
export const renewalMailsJa = {
  subject: {
    sixMonths: '認定の有効期限まで6か月となりました',
    oneMonth: '認定の有効期限まで1か月となりました',
    oneDay: '認定の有効期限は明日までです',
    expired: '認定の有効期限が切れました',
  },
  lead: {
    sixMonths:
      '{1}の認定（認定番号：{0}）の有効期限は {2} です。有効期限の6か月前から更新のお手続きができます。',
    oneMonth: '{1}の認定（認定番号：{0}）の有効期限は {2} です。有効期限まで1か月となりました。',
    oneDay: '{1}の認定（認定番号：{0}）の有効期限は明日 {2} までです。',
    expired:
      '{1}の認定（認定番号：{0}）は {2} をもって有効期限が切れました。期限後3か月以内であれば、引き続き更新のお手続きができます。',
  },
  action: [
    '認定の更新には、有効期間内のインストラクター活動の実績（5年の認定は3回以上、3年の認定は2回以上）、',
    '更新講座の動画視聴と確認テストへの合格、更新料のお支払いが必要です。',
    'お手続きは以下のページからお願いいたします。',
    '{0}',
  ].join('\n'),
  done: '既に更新のお手続きを済まされた場合は、このメールは破棄してください。',
};

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type RenewalMailMessages = Widen<typeof renewalMailsJa>;
