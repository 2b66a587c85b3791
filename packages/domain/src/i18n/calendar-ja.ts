/** Members' calendars (my-page activities, session page and ticket). */
export const calendarJa = {
  title: 'カレンダー連携',
  lead: '申し込んだ講習会を、お使いのカレンダーアプリ（Google カレンダー、iPhone・Mac のカレンダー、Outlook など）に自動で表示できます。',
  off: 'カレンダー連携は現在オフです。',
  onSince: '{0}から有効です。',
  create: 'カレンダー連携の URL を発行する',
  replace: 'URL を再発行する',
  revoke: '連携を停止する',
  urlLabel: 'カレンダー購読用 URL',
  urlOnce:
    'この URL は一度だけ表示されます。カレンダーアプリの「URL で追加」に貼り付けてください。再発行すると古い URL は使えなくなります。',
  copy: 'コピー',
  copied: 'コピーしました',
  privateNote:
    'この URL を知っている人は誰でもあなたの講習会の予定を見られます。他の人に教えないでください。',
  revoked: 'カレンダー連携を停止しました。',
  addToCalendar: 'カレンダーに追加',
  addToCalendarHint: '講習会の日時と会場をカレンダーアプリに追加する .ics ファイルをダウンロードします',
} as const;

export type CalendarMessages = { readonly [K in keyof typeof calendarJa]: string };
