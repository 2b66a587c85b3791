/** Messages of インストラクター資料 (instructor documents), loaded with those pages only. */
export const instructorDocsJa = {
  title: 'インストラクター資料',
  lead: 'インストラクターの皆様向けの資料です。認定の区分に応じた資料をご覧いただけます。',
  /** The API's 403 message (code NO_RANK) for a user without a rank. */
  noRank: 'インストラクター資料は、インストラクターの認定を受けた方のみご覧いただけます。',
  uncategorized: 'その他',
  empty: '表示するデータはありません',
  backToList: 'インストラクター資料一覧へ戻る',
} as const;

export type InstructorDocsMessages = { readonly [K in keyof typeof instructorDocsJa]: string };
