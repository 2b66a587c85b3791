/**
 * The office's audit log (decision 033): field names and the console's words. Part of the office
 * dictionary (office.audit.*), loaded with the console only, never by the first visit.
 */
export const auditJa = {
  fields: {
    member: '会員ID',
    session: '講習会ID',
    order: '注文ID',
    actor: '操作者ID',
    action: '操作',
    from: '開始日',
    to: '終了日',
  },
  nav: '操作履歴',
  title: '操作履歴',
  intro:
    '事務局の操作と、お金・申込に関わるすべての変更の記録です。会員・講習会・注文・操作者・操作・期間で絞り込めます。',
  filters: '絞り込み',
  search: '検索',
  clear: 'クリア',
  csv: 'CSVをダウンロード',
  actionHint: '例：order.refund、enrollment',
  none: '該当する記録はありません。',
  total: '{0}件',
  columns: {
    when: '日時',
    actor: '操作者',
    action: '操作',
    object: '対象',
    change: '変更内容',
    ip: 'IPアドレス',
  },
  system: 'システム',
  before: '変更前',
  after: '変更後',
  details: '詳細',
  sources: {
    event: '操作記録',
    trail: '申込の履歴',
  },
};
export type AuditMessages = typeof auditJa;
