/**
 * The office's list of duplicate charges (decision 017, a tab of /office/payments). Loaded with that
 * tab's chunk, not the first visit's dictionaries.
 */
export type DuplicateChargesMessages = {
  lead: string;
  caption: string;
  empty: string;
  chargedAt: string;
  person: string;
  amount: string;
  kept: string;
  refund: string;
  refundId: string;
  mailed: string;
  /** By the refund status of the gateway (waiting: not yet asked). */
  status: Record<string, string>;
};

export const duplicateChargesJa: DuplicateChargesMessages = {
  lead: '同じお申込みに2回目のカード決済があった場合、決済サービスを通じて自動で返金し、会員にメールでお知らせしています。返金が完了していないものは決済サービスの管理画面でご確認ください。',
  caption: '二重決済の一覧',
  empty: '二重決済はありません。',
  chargedAt: '決済日時',
  person: '会員',
  amount: '返金額',
  kept: '有効な注文',
  refund: '返金',
  refundId: '返金番号 {0}',
  mailed: '（メール送信済み）',
  status: {
    waiting: '返金待ち',
    pending: '返金処理中',
    requires_action: '返金処理中',
    succeeded: '返金済み',
    failed: '返金失敗（要確認）',
    canceled: '請求なし',
  },
};
