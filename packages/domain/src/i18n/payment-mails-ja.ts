/**
 * The member's mails about money (decision 017). Server-only: kept out of the web's dictionaries.
 * {0} is the member's name, {1} the order number kept, {2} the amount, {3} the refund number.
 */
export const paymentMailsJa = {
  duplicateRefunded: {
    subject: '二重のお支払いを返金しました',
    body: [
      '{0} 様',
      '',
      'いつも母体救命 MELS をご利用いただき、ありがとうございます。',
      '同じお申込みに対して、2回目のカード決済が行われたことを確認しました。',
      '2回目のお支払い（{2}）は、カード会社を通じて自動的に返金の手続きをいたしました。',
      '有効なお申込みは注文番号 {1} の1件のみで、お客様のご負担は1回分だけです。',
      '',
      '返金番号：{3}',
      '返金がご利用明細に反映されるまで、カード会社によっては数日から1か月ほどかかる場合があります。',
      'お手続きは不要です。ご不明な点は事務局までお問い合わせください。',
    ].join('\n'),
  },
  /** A shop order refused after the charge: a product sold out (or was withdrawn) meanwhile (decision 040). */
  unavailableRefunded: {
    subject: 'ご注文の商品をご用意できず、返金しました',
    body: [
      '{0} 様',
      '',
      'いつも母体救命 MELS をご利用いただき、ありがとうございます。',
      'お支払いの手続き中に、ご注文の商品が在庫切れ（または販売終了）となったため、ご注文をお受けできませんでした。',
      'お支払い（{2}）は、カード会社を通じて自動的に返金の手続きをいたしました。',
      '',
      '返金番号：{3}',
      '返金がご利用明細に反映されるまで、カード会社によっては数日から1か月ほどかかる場合があります。',
      'ご迷惑をおかけして申し訳ございません。ご不明な点は事務局までお問い合わせください。',
    ].join('\n'),
  },
};

export type PaymentMailMessages = typeof paymentMailsJa;
