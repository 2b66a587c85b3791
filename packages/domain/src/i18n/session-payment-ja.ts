/**
 * Messages of the session fee's payment choice on the agreement page (decision 021). Loaded with the
 * session pages' chunks, not the first visit's dictionaries.
 */
export const sessionPaymentJa = {
  method: {
    title: 'お支払い方法の選択',
    lead: 'この講習会では、次のお支払い方法をご利用いただけます。お支払いが完了するまでは変更できます。',
    legend: 'お支払い方法',
    current: '選択中のお支払い方法：{0}',
    submit: 'このお支払い方法で進む',
    change: 'お支払い方法を変更する',
    keep: '変更しない',
    required: 'お支払い方法を選択してください。',
    names: { 1: 'クレジットカード', 2: '銀行振込', 3: '現地払い' } as Record<number, string>,
    descriptions: {
      1: 'この画面でクレジットカードでお支払いいただけます。お支払いが完了するとすぐに受講票が発行されます。',
      2: '協会の口座へ{0}日以内に{1}をお振込みください。事務局で入金を確認した後、受講票が発行されます。',
      3: '講習会当日、受付で{0}をお支払いください。注意事項に同意すると受講票が発行されます。',
    } as Record<number, string>,
  },
  transfer: {
    title: 'お振込み先',
    lead: '下記の口座へお振込みください。事務局で入金を確認した後、受講票が発行されます。',
    amount: '金額',
    deadline: 'お振込み期限',
    deadlineNotSet: 'お申し込みから{0}日以内',
    bank: '金融機関',
    branch: '支店',
    account: '口座',
    holder: '口座名義',
    notes: [
      'ご依頼人名は、お申し込みのご本人のお名前でお願いします。',
      '振込手数料はお客様のご負担となります。',
      '期限までにご入金を確認できない場合、お申し込みは取り消されます。',
    ],
    mailSent: 'お振込み先と期限をメールでもお送りしました。',
    confirm: '銀行振込で申し込む',
  },
  onSite: '受講料（{0}）は講習会当日に受付でお支払いください。',
};
export type SessionPaymentMessages = typeof sessionPaymentJa;
