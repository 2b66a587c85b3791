import { attributeText, OBJECT_TYPE, orderNumber, postalCodeText, type Language } from '@mels/domain';
import { composeMail, type MailContent, type MailSite } from '../../lib/mail-templates/layout.ts';
import { greeting, mailDateTime, mailYen, type MailReader } from '../../lib/mail-templates/words.ts';

/** An order as a member's mail shows it. */
export type MailOrder = {
  id: number;
  amount: number;
  /** What was paid for, in the reader's language ('受講料（…）', 'Session fee: …'). */
  what: string;
  dueAt: Date | null;
};

/** A shop order's line and where it goes. */
export type MailOrderLine = { name: string; quantity: number; attributes: unknown };
export type MailDelivery = { postalCode: string | null; address: string | null; customerName: string | null };

/** The association's account (config.bankAccount). */
export type MailBankAccount = { bank: string; branch: string; type: string; number: string; holder: string };

const historyUrl = (site: MailSite) => `${site.publicUrl}/order-history`;

const OBJECT_LABEL: Record<Language, Record<number, string>> = {
  ja: {
    [OBJECT_TYPE.courseRegistration]: 'コース登録料',
    [OBJECT_TYPE.sessionFee]: '受講料',
    [OBJECT_TYPE.certificate]: '修了証の発行',
    [OBJECT_TYPE.shopOrder]: 'ショップのご注文',
    [OBJECT_TYPE.instructorRequest]: 'インストラクター申請',
    [OBJECT_TYPE.renewal]: '資格の更新',
  },
  en: {
    [OBJECT_TYPE.courseRegistration]: 'Course registration fee',
    [OBJECT_TYPE.sessionFee]: 'Session fee',
    [OBJECT_TYPE.certificate]: 'Certificate',
    [OBJECT_TYPE.shopOrder]: 'Shop order',
    [OBJECT_TYPE.instructorRequest]: 'Instructor application',
    [OBJECT_TYPE.renewal]: 'Renewal',
  },
};

/** What an order paid for: '受講料（講習会名）' / 'Session fee: name'. */
export function orderWhat(input: { objectType: number; name: string | null; language: Language }): string {
  const label = OBJECT_LABEL[input.language][input.objectType] ?? '';
  if (!input.name) return label;
  return input.language === 'en' ? `${label}: ${input.name}` : `${label}（${input.name}）`;
}

/** '・教材 × 1（サイズ: M）' lines. */
function itemLines(lines: readonly MailOrderLine[], reader: Pick<MailReader, 'language'>): string {
  return lines
    .map((line) => {
      const values = attributeText(line.attributes);
      return reader.language === 'en'
        ? `- ${line.name} × ${line.quantity}${values ? ` (${values})` : ''}`
        : `・${line.name} × ${line.quantity}${values ? `（${values}）` : ''}`;
    })
    .join('\n');
}

/** The delivery address lines: 〒, address, addressee. */
function deliveryLines(d: MailDelivery, reader: Pick<MailReader, 'language'>): string {
  return [
    d.postalCode ? `〒${postalCodeText(d.postalCode)}` : '',
    d.address ?? '',
    d.customerName ? (reader.language === 'en' ? d.customerName : `${d.customerName} 様`) : '',
  ]
    .filter(Boolean)
    .join('\n');
}

function accountLines(a: MailBankAccount, reader: Pick<MailReader, 'language'>): string[] {
  return reader.language === 'en'
    ? [
        `Bank: ${a.bank}`,
        `Branch: ${a.branch}`,
        `Account: ${a.type} ${a.number}`,
        `Account holder: ${a.holder}`,
      ]
    : [`銀行名：${a.bank}`, `支店名：${a.branch}`, `口座：${a.type} ${a.number}`, `口座名義：${a.holder}`];
}

/** A course or session fee was paid (card, transfer confirmed, on site): amount, order number, receipt. */
export function paymentReceivedMail(input: {
  reader: MailReader;
  order: MailOrder;
  site: MailSite;
}): MailContent {
  const { reader, order, site } = input;
  const amount = mailYen(order.amount, reader.language);
  const number = orderNumber(order.id);
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'Thank you. We have received your payment.',
      '',
      `Order number: ${number}`,
      `For: ${order.what}`,
      `Amount: ${amount}`,
      '',
      'Your receipt can be downloaded from your order history:',
      historyUrl(site),
    ].join('\n');
    return composeMail(`Payment received (order ${number})`, body, site);
  }
  const body = [
    greeting(reader),
    '',
    'お支払いを確認いたしました。誠にありがとうございます。',
    '',
    `注文番号：${number}`,
    `内容：${order.what}`,
    `金額：${amount}`,
    '',
    '領収書は、注文履歴のページからダウンロードいただけます。',
    historyUrl(site),
  ].join('\n');
  return composeMail(`お支払い完了のお知らせ（注文番号 ${number}）`, body, site);
}

/** A shop order was paid and is confirmed: number, lines with attribute values, address, amount. */
export function shopOrderConfirmedMail(input: {
  reader: MailReader;
  order: MailOrder;
  lines: readonly MailOrderLine[];
  delivery: MailDelivery;
  site: MailSite;
}): MailContent {
  const { reader, order, site } = input;
  const amount = mailYen(order.amount, reader.language);
  const number = orderNumber(order.id);
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'Thank you for your order at the MELS online shop. Your order is confirmed.',
      'We will let you know by mail when it is shipped.',
      '',
      `Order number: ${number}`,
      '',
      'Items:',
      itemLines(input.lines, reader),
      '',
      `Total: ${amount}`,
      '',
      'Delivery address:',
      deliveryLines(input.delivery, reader),
      '',
      'Your receipt can be downloaded from your order history:',
      historyUrl(site),
    ].join('\n');
    return composeMail(`Order confirmed (order ${number})`, body, site);
  }
  const body = [
    greeting(reader),
    '',
    'MELSオンラインショップをご利用いただき、誠にありがとうございます。',
    '以下の内容でご注文を承りました。商品を発送しましたら、あらためてメールでお知らせします。',
    '',
    `注文番号：${number}`,
    '',
    '【ご注文の商品】',
    itemLines(input.lines, reader),
    '',
    `お支払い金額：${amount}`,
    '',
    '【お届け先】',
    deliveryLines(input.delivery, reader),
    '',
    '領収書は、注文履歴のページからダウンロードいただけます。',
    historyUrl(site),
  ].join('\n');
  return composeMail(`ご注文確認（注文番号 ${number}）`, body, site);
}

/** The lines both transfer mails give: order number, what for, amount, deadline and the account. */
function transferDetails(input: {
  reader: MailReader;
  order: MailOrder;
  account: MailBankAccount;
}): string[] {
  const { reader, order } = input;
  const amount = mailYen(order.amount, reader.language);
  const due = order.dueAt ? mailDateTime(order.dueAt, reader.language) : '';
  const number = orderNumber(order.id);
  if (reader.language === 'en') {
    return [
      `Order number: ${number}`,
      `For: ${order.what}`,
      `Amount: ${amount}`,
      `Deadline: ${due}`,
      '',
      'Account:',
      ...accountLines(input.account, reader),
    ];
  }
  return [
    `注文番号：${number}`,
    `内容：${order.what}`,
    `お振込み金額：${amount}`,
    `お振込み期限：${due}`,
    '',
    '【お振込先】',
    ...accountLines(input.account, reader),
  ];
}

/** A bank transfer was chosen: account, amount, deadline (and what happens after it). */
export function transferInstructionsMail(input: {
  reader: MailReader;
  order: MailOrder;
  account: MailBankAccount;
  site: MailSite;
}): MailContent {
  const { reader, site } = input;
  const number = orderNumber(input.order.id);
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'Thank you. You chose to pay by bank transfer. Please transfer the amount below by the deadline.',
      '',
      ...transferDetails(input),
      '',
      'Please put your order number before your name as the remitter. Transfer fees are borne by you.',
      'If the payment is not confirmed by the deadline, the application is cancelled.',
      'Once the office confirms your payment, we will let you know by mail.',
    ].join('\n');
    return composeMail(`Bank transfer details (order ${number})`, body, site);
  }
  const body = [
    greeting(reader),
    '',
    'お支払い方法として銀行振込をお選びいただき、ありがとうございます。',
    '以下の金額を、お振込み期限までにお振込みください。',
    '',
    ...transferDetails(input),
    '',
    '※振込依頼人名の前に注文番号を入力してください。振込手数料はお客様のご負担となります。',
    '※期限までにご入金が確認できない場合は、お申込みを取り消します。',
    '※事務局で入金を確認しましたら、メールでお知らせします。',
  ].join('\n');
  return composeMail(`お振込みのご案内（注文番号 ${number}）`, body, site);
}

/** Two days before the deadline of a still unpaid transfer. */
export function transferReminderMail(input: {
  reader: MailReader;
  order: MailOrder;
  account: MailBankAccount;
  site: MailSite;
}): MailContent {
  const { reader, site } = input;
  const number = orderNumber(input.order.id);
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'We have not yet confirmed your bank transfer, and the deadline is approaching.',
      '',
      ...transferDetails(input),
      '',
      'If the payment is not confirmed by the deadline, the application is cancelled.',
      'If you have already paid, please disregard this mail.',
    ].join('\n');
    return composeMail(`Reminder: bank transfer deadline (order ${number})`, body, site);
  }
  const body = [
    greeting(reader),
    '',
    'お振込み期限が近づいておりますが、まだご入金を確認できておりません。',
    '',
    ...transferDetails(input),
    '',
    '※期限までにご入金が確認できない場合は、お申込みを取り消します。',
    '※すでにお振込みいただいている場合は、行き違いですのでご容赦ください。',
  ].join('\n');
  return composeMail(`お振込み期限のお知らせ（注文番号 ${number}）`, body, site);
}

/** The customer's notice of a shipped order: number, items (with attribute values) and where to. */
export function shippedMail(input: {
  reader: MailReader;
  orderId: number;
  lines: readonly MailOrderLine[];
  delivery: MailDelivery;
  site: MailSite;
}): MailContent {
  const { reader, site } = input;
  const number = orderNumber(input.orderId);
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'Thank you for your order at the MELS online shop.',
      'Your order was shipped today. Please allow a few days for delivery.',
      '',
      `Order number: ${number}`,
      '',
      'Items:',
      itemLines(input.lines, reader),
      '',
      'Delivery address:',
      deliveryLines(input.delivery, reader),
      '',
      'Your order is also shown in your order history:',
      historyUrl(site),
    ].join('\n');
    return composeMail('Your order has been shipped', body, site);
  }
  const body = [
    greeting(reader),
    '',
    'MELSオンラインショップをご利用いただき、誠にありがとうございます。',
    'ご注文の商品を本日発送いたしました。到着まで今しばらくお待ちください。',
    '',
    `注文番号：${number}`,
    '',
    '【ご注文の商品】',
    itemLines(input.lines, reader),
    '',
    '【お届け先】',
    deliveryLines(input.delivery, reader),
    '',
    'ご注文の内容は、マイページの注文履歴からもご確認いただけます。',
    historyUrl(site),
  ].join('\n');
  return composeMail('ご注文の商品を発送しました', body, site);
}

/** An unpaid bank transfer passed its deadline and the application was cancelled. */
export function transferCancelledMail(input: {
  reader: MailReader;
  orderId: number;
  amount: number;
  dueAt: Date;
  site: MailSite;
}): MailContent {
  const { reader, site } = input;
  const amount = mailYen(input.amount, reader.language);
  const number = orderNumber(input.orderId);
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      `As we could not confirm your payment by the deadline (${mailDateTime(input.dueAt, 'en')}), the application below has been cancelled.`,
      '',
      `Order number: ${number}`,
      `Amount: ${amount}`,
      '',
      'If you still wish to take part, please apply again.',
    ].join('\n');
    return composeMail('Your application was cancelled (transfer not received)', body, site);
  }
  const body = [
    greeting(reader),
    '',
    `お振込み期限（${mailDateTime(input.dueAt, 'ja')}）までにご入金を確認できなかったため、下記のお申込みを取り消しました。`,
    '',
    `注文番号：${number}`,
    `金額：${amount}`,
    '',
    '引き続きご希望の場合は、お手数ですが改めてお申込みください。',
  ].join('\n');
  return composeMail('お振込み期限を過ぎたため、お申込みを取り消しました', body, site);
}
