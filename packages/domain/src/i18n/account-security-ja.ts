/**
 * Messages of the account's security: the current-password dialog, the sign-out of every device and
 * the password refusals. Loaded with the my-page (kept out of the first visit's dictionaries).
 */
export const accountSecurityJa = {
  commonPassword: 'よく使われるパスワードのため使用できません。',
  currentPasswordWrong: '現在のパスワードが正しくありません。',
  currentPasswordRequired:
    'メールアドレスまたはパスワードを変更するには、現在のパスワードを入力してください。',
  currentPassword: '現在のパスワード',
  confirmTitle: '現在のパスワードの確認',
  confirmLead: 'メールアドレスまたはパスワードを変更するため、現在のパスワードを入力してください。',
  confirmSubmit: '確認して保存する',
  cancel: 'キャンセル',
  logoutAllSection: 'ログイン中の端末',
  logoutAllLead:
    'ほかの端末やブラウザでログインしたままになっている場合は、すべての端末からログアウトできます。',
  logoutAll: 'すべての端末からログアウト',
  logoutAllTitle: 'すべての端末からログアウトしますか？',
  logoutAllBody:
    'この端末を含む、すべての端末・ブラウザでログアウトします。もう一度ご利用になるにはログインしてください。',
  logoutAllConfirm: 'ログアウトする',
  loggedOutAll: 'すべての端末からログアウトしました。',
} as const;

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type AccountSecurityMessages = Widen<typeof accountSecurityJa>;
