import type { Language } from '@mels/domain';

export type LegalRow = { term: string; body: string };
export type PolicySection = { heading: string; paragraphs: string[] };

const tokushoJa: LegalRow[] = [
  { term: '販売事業者', body: '一般社団法人 日本母体救命システム普及協議会' },
  { term: '運営責任者', body: '事務局長' },
  { term: '所在地', body: '〒102-0083 東京都千代田区麹町4-1-5 麹町ビル6階' },
  { term: '電話番号', body: '03-5215-6677（平日 10:00〜17:00、土日祝日・年末年始を除く）' },
  {
    term: 'お問い合わせ',
    body: 'お問い合わせフォームよりご連絡ください。1週間以内に担当者よりご回答いたします。',
  },
  { term: '販売価格', body: '各講習会・コース・商品のページに税込価格で表示しています。' },
  {
    term: '商品代金以外の必要料金',
    body: '銀行振込の場合の振込手数料はお客様のご負担となります。教材の送料は商品ページに記載のとおりです。',
  },
  {
    term: 'お支払い方法',
    body: 'クレジットカード（Visa、Mastercard、American Express、Discover、JCB、Diners Club）、銀行振込、現地払い（講習会により異なります）',
  },
  {
    term: 'お支払い時期',
    body: 'クレジットカード：お申込み時にお支払いが確定します。銀行振込：お申込みから7日以内にお振込みください。期限までにご入金が確認できない場合はキャンセルとして扱います。現地払い：講習会当日に会場でお支払いください。',
  },
  { term: '商品の引渡時期', body: '講習会：各講習会の開催日。教材：お支払いの完了後1〜10日でお届けします。' },
  {
    term: '返品・交換',
    body: '教材に不良・誤送があった場合は、商品到着後1週間以内にご連絡ください。お客様のご都合による返品はお受けしておりません。',
  },
  {
    term: 'キャンセル・返金',
    body: 'コース登録料は返金いたしません。講習会受講料は、キャンセル申請が事務局に承認された場合、各講習会の規定に従って返金いたします。',
  },
];

const tokushoEn: LegalRow[] = [
  {
    term: 'Seller',
    body: 'Japan Council for Maternal Emergency Life-Saving (general incorporated association)',
  },
  { term: 'Responsible person', body: 'Secretary general of the office' },
  { term: 'Address', body: 'Kojimachi Bldg. 6F, 4-1-5 Kojimachi, Chiyoda-ku, Tokyo 102-0083' },
  { term: 'Phone', body: '+81-3-5215-6677 (weekdays 10:00–17:00)' },
  { term: 'Contact', body: 'Please use the contact form. We answer within one week.' },
  { term: 'Prices', body: 'Shown with tax on each session, course and product page.' },
  {
    term: 'Other charges',
    body: 'Bank transfer fees are paid by the customer. Shipping is shown on each product page.',
  },
  {
    term: 'Payment methods',
    body: 'Card (Visa, Mastercard, American Express, Discover, JCB, Diners Club), bank transfer, pay on site (depends on the session)',
  },
  {
    term: 'When to pay',
    body: 'Card: when you apply. Bank transfer: within 7 days of applying, otherwise the application is cancelled. Pay on site: at the venue on the day.',
  },
  {
    term: 'Delivery',
    body: 'Sessions: on the session date. Materials: 1 to 10 days after payment is confirmed.',
  },
  {
    term: 'Returns',
    body: 'Contact us within one week of arrival for defective or wrong items. No returns for personal reasons.',
  },
  {
    term: 'Cancellation and refunds',
    body: 'Course registration fees are not refundable. Session fees are refunded under each session’s rules once the office approves the cancellation.',
  },
];

const privacyJa: PolicySection[] = [
  {
    heading: '基本方針',
    paragraphs: [
      '一般社団法人 日本母体救命システム普及協議会（以下「当協議会」）は、母体救命講習会の運営にあたりお預かりする個人情報の重要性を認識し、個人情報の保護に関する法律その他の関係法令を遵守して、適切に取り扱います。',
    ],
  },
  {
    heading: '取得する個人情報',
    paragraphs: [
      '会員登録・講習会申込・お問い合わせ・教材購入の際に、氏名、フリガナ、ローマ字氏名、メールアドレス、職種、診療科、勤務先、住所、電話番号、性別、生年月日、受講履歴、お支払いに関する情報などを取得します。クレジットカード番号は決済代行会社が管理し、当協議会のサーバーには保存しません。',
    ],
  },
  {
    heading: '利用目的',
    paragraphs: [
      '講習会の案内・申込受付・抽選・受講票の発行、受講料等の決済、修了証・認定証の発行と真正性の確認、講習会の品質向上のための統計、お問い合わせへの回答、教材の発送のために利用します。',
    ],
  },
  {
    heading: '第三者提供',
    paragraphs: [
      '法令に基づく場合を除き、ご本人の同意なく第三者に提供しません。講習会の開催団体には、受講者名簿の作成に必要な範囲で氏名・職種・勤務先を提供します。',
    ],
  },
  {
    heading: '安全管理',
    paragraphs: [
      'パスワードは復元できない形式で保存し、通信は暗号化します。個人情報へのアクセスは事務局の担当者に限り、その操作を記録します。',
    ],
  },
  {
    heading: '開示・訂正・削除',
    paragraphs: [
      'ご本人からの開示・訂正・利用停止・削除のご請求には、本人確認のうえ遅滞なく対応します。お問い合わせフォームよりご連絡ください。',
    ],
  },
];

const privacyEn: PolicySection[] = [
  {
    heading: 'Policy',
    paragraphs: [
      'The Japan Council for Maternal Emergency Life-Saving handles the personal information entrusted to it in running its courses carefully and in line with the Act on the Protection of Personal Information.',
    ],
  },
  {
    heading: 'What we collect',
    paragraphs: [
      'Name (also in kana and alphabet), email, occupation, department, workplace, address, phone, gender, birthday, attendance history and payment information. Card numbers are kept by the payment provider, never on our servers.',
    ],
  },
  {
    heading: 'Why',
    paragraphs: [
      'To announce sessions, take applications, run lotteries, issue tickets, take payments, issue and verify certificates, improve the courses, answer enquiries and ship materials.',
    ],
  },
  {
    heading: 'Sharing',
    paragraphs: [
      'We share nothing without consent except where the law requires it. Hosts of a session receive the names, occupations and workplaces needed for the roster.',
    ],
  },
  {
    heading: 'Security',
    paragraphs: [
      'Passwords are stored in a form that cannot be reversed and traffic is encrypted. Only office staff can reach personal data, and their actions are logged.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'Ask us through the contact form to see, correct, stop using or delete your data; we answer promptly after confirming who you are.',
    ],
  },
];

export const tokushoRows: Record<Language, LegalRow[]> = { ja: tokushoJa, en: tokushoEn };
export const privacySections: Record<Language, PolicySection[]> = { ja: privacyJa, en: privacyEn };
export const privacyEnacted: Record<Language, string> = {
  ja: '制定日：2024年4月1日　改定日：2026年4月1日',
  en: 'Enacted 2024-04-01, revised 2026-04-01',
};
