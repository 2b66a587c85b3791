/** Messages of データ移行: claiming a certificate of the older system by its code. */
export const claimJa = {
  title: 'データ移行',
  lead: '旧システムで講習会を受講された方は、受講コードまたは認定番号を入力すると、修了証をこのポータルへ移行できます。移行した修了証はマイページからいつでも確認・ダウンロードできます。',
  course: 'コース',
  courseRequired: 'コースを選択してください',
  coursePlaceholder: '選択してください',
  noCourses: '移行できるコースはありません',
  method: 'お手元の情報',
  methodAttendance: '受講コード',
  methodAttendanceNote: '受講時にお知らせした「A」から始まるコード',
  methodCertificate: '認定番号',
  methodCertificateNote: '修了証に記載されている「B」または「BI」から始まる番号',
  next: '次へ',
  back: '戻る',
  forgotLink: '認定番号がわからない場合',
  backToStart: 'データ移行のトップへ戻る',
  code: {
    attendanceTitle: '受講コードの入力',
    certificateTitle: '認定番号の入力',
    attendanceLabel: '受講コード',
    certificateLabel: '認定番号',
    attendanceHelp:
      '受講時にお知らせした受講コードを入力してください（例：A2020-000123）。全角で入力しても構いません。',
    certificateHelp:
      '修了証に記載されている認定番号を入力してください（例：B2020-004512）。全角で入力しても構いません。',
    attendanceRequired: '受講コードを入力してください',
    certificateRequired: '認定番号を入力してください',
    submit: '確認する',
    notFoundHelp:
      '入力内容に誤りがないにもかかわらず見つからない場合は、受講されたコース・受講日・お名前を添えて、事務局までお問い合わせください。',
    emailTitle: 'メールアドレスの確認',
    emailLead:
      'ご登録のメールアドレスが、受講時にお申し込みいただいたメールアドレスと異なります。受講時のメールアドレスを入力してください。',
    emailLabel: '受講時のメールアドレス',
    emailRequired: 'メールアドレスを入力してください',
    emailSubmit: 'メールアドレスを確認する',
    emailCancel: '番号の入力に戻る',
  },
  confirm: {
    title: '受講内容の確認',
    lead: '以下の内容をご確認のうえ、「次へ」を押してください。',
    course: 'コース',
    holder: '受講者氏名',
    participated: '受講日',
    fee: '修了証発行手数料',
    free: '無料',
    consent: '個人情報の取り扱いに同意する',
    consentRequired: '個人情報の取り扱いに同意してください',
    payTitle: '修了証発行手数料のお支払い',
    showCertificate: '修了証を表示する',
  },
  certificate: {
    title: '修了証',
    number: '認定番号',
    holder: '氏名',
    frameTitle: '修了証（PDF）',
    download: 'PDFをダウンロード',
    downloaded: 'ダウンロードを開始しました。',
    completeTitle: 'データ移行が完了しました',
    completeBody: '移行した修了証は、マイページの「受講履歴」からいつでも確認できます。',
    toActivities: 'マイページの受講履歴へ',
  },
  forgot: {
    title: '認定番号がわからない場合',
    lead: '認定番号は、講習会の修了時にお渡しした修了証の右上に記載されています。',
    attendance:
      '修了証がお手元にない場合は、受講時にお知らせした受講コードでも移行できます。受講コードは、受講票や受講案内のメールに記載されています。',
    toAttendance: '受講コードで移行する',
    contact:
      '受講コードもわからない場合は、受講されたコース・受講日・お名前を添えて、事務局までお問い合わせください。',
    contactLink: 'お問い合わせフォームへ',
  },
  errorTitle: '修了証を表示できませんでした',
  missingState: '番号の確認からやり直してください。',
} as const;

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type ClaimMessages = Widen<typeof claimJa>;
