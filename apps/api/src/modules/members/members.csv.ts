import { csvFile } from '../../lib/csv.ts';
import type { MemberExport } from './members.presenter.ts';

/** The profile's fields in the file, in the registration form's order, with their Japanese names. */
const PROFILE_LABELS: ReadonlyArray<[keyof MemberExport['profile'], string]> = [
  ['id', '会員ID'],
  ['last_name', '姓'],
  ['first_name', '名'],
  ['last_name_kana', 'セイ'],
  ['first_name_kana', 'メイ'],
  ['last_name_alpha', '姓（ローマ字）'],
  ['first_name_alpha', '名（ローマ字）'],
  ['email', 'メールアドレス'],
  ['phone', '電話番号'],
  ['birthday', '生年月日'],
  ['gender', '性別'],
  ['occupation', '職種'],
  ['medical_department', '診療科'],
  ['simulation_qualification', 'シミュレーション資格'],
  ['location_work', '勤務先'],
  ['work_area', '勤務先都道府県'],
  ['postal_code', '郵便番号'],
  ['area', '都道府県'],
  ['district', '市区町村'],
  ['address', '住所'],
  ['language', 'メールの言語'],
  ['status', '状態'],
  ['created_at', '登録日時'],
  ['updated_at', '更新日時'],
  ['privacy_agreed_at', '個人情報の取扱いへの同意日時'],
  ['deactivated_at', '利用停止日時'],
  ['erased_at', '削除日時'],
];

const HEADER = ['区分', '番号', '項目', '値'];

/** One record as rows of (section, number, field, value); nested objects are flattened with a dot. */
function recordRows(section: string, n: number | string, record: object, prefix = ''): unknown[][] {
  return Object.entries(record).flatMap(([key, value]): unknown[][] => {
    if (Array.isArray(value))
      return value.flatMap((v: object, i) => recordRows(section, n, v, `${prefix}${key}[${i + 1}].`));
    if (value !== null && typeof value === 'object')
      return recordRows(section, n, value as object, `${prefix}${key}.`);
    return [[section, n, `${prefix}${key}`, value ?? '']];
  });
}

/**
 * A member's personal data as CSV (decision 042): UTF-8 with BOM for Excel, one value a row
 * (section, number, field, value), the profile first with Japanese field names.
 */
export function memberExportCsv(data: MemberExport) {
  const sections: [string, readonly object[]][] = [
    ['講習会の申込', data.enrollments],
    ['注文', data.orders],
    ['認定証', data.certificates],
    ['認定申請', data.certificate_requests],
    ['ランク', data.ranks],
    ['ランクアップ申請', data.rank_up_requests],
  ];
  const day = data.exported_at.slice(0, 10).replaceAll('-', '');
  return {
    filename: `member-${data.profile.id}-${day}.csv`,
    body: csvFile([
      HEADER,
      ['出力', '', '出力日時', data.exported_at],
      ...PROFILE_LABELS.map(([key, label]) => ['プロフィール', '', label, data.profile[key] ?? '']),
      ...sections.flatMap(([section, records]) =>
        records.flatMap((record, i) => recordRows(section, i + 1, record)),
      ),
    ]),
  };
}
