import type { Executor } from '../client.ts';
import { productAttributes, productCategories, productCourses, productImages, products } from '../schema.ts';
import type { CourseIds, CourseSlug } from './courses.ts';

const CATEGORIES = ['テキスト', '教材', 'グッズ', '認定関連'] as const;
type Category = (typeof CATEGORIES)[number];

type Attribute = { attribute: string; type: 'select' | 'text'; value: string; isRequired: boolean };

type ProductSeed = {
  slug: string;
  category: Category;
  name: string;
  price: number;
  description: string;
  courses?: readonly CourseSlug[];
  buyOncePerUser?: boolean;
  attributes?: readonly Attribute[];
  /** Extra images after the thumbnail (slugs of files under /media/products/). */
  gallery?: readonly string[];
  isActive?: boolean;
};

export const PRODUCTS: readonly ProductSeed[] = [
  {
    slug: 'basic-textbook',
    category: 'テキスト',
    name: '母体救命ベーシックコース 公式テキスト（改訂第3版）',
    price: 4400,
    description:
      'ベーシックコースの公式テキストです。母体急変時の初期評価、産科危機的出血、妊産婦の心肺蘇生などを、図表を多く用いて解説しています。\nA4判・152ページ。講習会当日にもお配りしますので、事前学習や院内勉強会用としてお求めください。',
    gallery: ['basic-textbook-2'],
  },
  {
    slug: 'advance-scenarios',
    category: 'テキスト',
    name: 'アドバンスコース 症例シナリオ集',
    price: 3850,
    description:
      'アドバンスコースで扱う羊水塞栓症、敗血症、脳卒中などの症例シナリオと解説をまとめた一冊です。アドバンスコースを受講される方のみご購入いただけます。\nA4判・96ページ。',
    courses: ['advance'],
  },
  {
    slug: 'instructor-manual',
    category: 'テキスト',
    name: 'インストラクターマニュアル',
    price: 5500,
    description:
      'インストラクターコース・ベーシックインストラクターコースの受講者向けマニュアルです。シナリオ運営、デブリーフィング、受講者評価の方法を収録しています。\nお一人様1冊限り。対象コースに登録済みの方のみご購入いただけます。',
    courses: ['instructor', 'basic-instructor'],
    buyOncePerUser: true,
  },
  {
    slug: 'pocket-cards',
    category: '教材',
    name: '母体急変対応 ポケットカード（5枚組）',
    price: 1100,
    description:
      '一次評価・二次評価の手順、ショックインデックス、妊産婦の心肺蘇生のポイントを、白衣のポケットに入るカードにまとめました。\n名刺サイズ・防水加工・5枚組。',
  },
  {
    slug: 'blood-kit',
    category: '教材',
    name: '産科出血シミュレーション用 模擬血液キット',
    price: 5500,
    description:
      '院内シミュレーションで出血量の見積もりを練習するための模擬血液キットです。洗濯で落としやすい水性タイプ。\n模擬血液1L×2本、計量カップ、吸水パッド5枚入り。',
  },
  {
    slug: 'procedure-dvd',
    category: '教材',
    name: 'ベーシックコース 手技解説DVD',
    price: 3300,
    description:
      'ベーシックコースで学ぶ手技を、インストラクターの実演で解説したDVDです。収録時間約70分。院内研修の教材としてもご利用いただけます。',
    courses: ['basic'],
  },
  {
    slug: 'polo-shirt',
    category: 'グッズ',
    name: 'MELS ロゴ入りポロシャツ',
    price: 3800,
    description:
      '講習会スタッフ用のロゴ入りポロシャツです。吸汗速乾素材で、実習中も快適にお使いいただけます。',
    attributes: [
      { attribute: 'サイズ', type: 'select', value: 'S,M,L,XL', isRequired: true },
      { attribute: 'カラー', type: 'select', value: 'ネイビー,ホワイト', isRequired: true },
    ],
    gallery: ['polo-shirt-back'],
  },
  {
    slug: 'tote-bag',
    category: 'グッズ',
    name: 'ロゴ入りトートバッグ',
    price: 1650,
    description: 'A4サイズのテキストがすっきり収まる帆布製トートバッグです。内ポケット付き。',
  },
  {
    slug: 'ballpoint-pens',
    category: 'グッズ',
    name: 'ロゴ入りボールペン（3本セット）',
    price: 880,
    description: '黒・赤・青の3本セットです。ノック式で、記録用紙への記入に便利です。',
  },
  {
    slug: 'name-holder',
    category: 'グッズ',
    name: '講習会用ネームホルダー',
    price: 550,
    description: 'ストラップ付きのネームホルダーです。名札カードを差し込んでお使いください。',
    attributes: [
      { attribute: 'ストラップの色', type: 'select', value: 'ネイビー,ピンク,グリーン', isRequired: false },
    ],
  },
  {
    slug: 'instructor-badge',
    category: '認定関連',
    name: 'インストラクター ネームバッジ',
    price: 2200,
    description:
      '認定インストラクターの方向けの、お名前入りネームバッジです。ご注文から発送まで2週間ほどお時間をいただきます。お一人様1点限り。',
    courses: ['instructor', 'basic-instructor'],
    buyOncePerUser: true,
    attributes: [
      { attribute: 'お名前（ローマ字）', type: 'text', value: '', isRequired: true },
      { attribute: '所属（任意）', type: 'text', value: '', isRequired: false },
    ],
  },
  {
    slug: 'certificate-frame',
    category: '認定関連',
    name: '修了証・認定証用 額縁（A4）',
    price: 2200,
    description: 'A4サイズの修了証・認定証を飾れる木製の額縁です。UVカットアクリル板を使用しています。',
    attributes: [{ attribute: 'カラー', type: 'select', value: 'ナチュラル,ブラウン', isRequired: true }],
  },
];

/** Every image file the shop refers to, for the static-media check. */
export function productImageSlugs(): string[] {
  return PRODUCTS.flatMap((p) => [p.slug, ...(p.gallery ?? [])]);
}

export async function seedShop(db: Executor, courseIds: CourseIds, now: Date): Promise<number> {
  const categories = await db
    .insert(productCategories)
    .values(CATEGORIES.map((name, i) => ({ name, sortOrder: i + 1 })))
    .returning({ id: productCategories.id });
  const inserted = await db
    .insert(products)
    .values(
      PRODUCTS.map((p, i) => ({
        categoryId: categories[CATEGORIES.indexOf(p.category)]?.id ?? null,
        name: p.name,
        price: p.price,
        description: p.description,
        allowBuyWithCourse: (p.courses?.length ?? 0) > 0,
        buyOncePerUser: p.buyOncePerUser ?? false,
        isActive: p.isActive ?? true,
        sortOrder: i + 1,
        createdAt: new Date(now.getTime() - (PRODUCTS.length - i) * 9 * 86_400_000),
      })),
    )
    .returning({ id: products.id });
  const withIds = PRODUCTS.map((p, i) => ({ p, id: inserted[i]?.id ?? 0 }));
  await db.insert(productImages).values(
    withIds.flatMap(({ p, id }) => [
      { productId: id, link: `/media/products/${p.slug}.svg`, isThumb: true },
      ...(p.gallery ?? []).map((g) => ({
        productId: id,
        link: `/media/products/${g}.svg`,
        isThumb: false,
      })),
    ]),
  );
  const attributeRows = withIds.flatMap(({ p, id }) =>
    (p.attributes ?? []).map((a) => ({ productId: id, ...a })),
  );
  if (attributeRows.length > 0) await db.insert(productAttributes).values(attributeRows);
  const courseRows = withIds.flatMap(({ p, id }) =>
    (p.courses ?? []).map((slug) => ({ productId: id, courseId: courseIds[slug] })),
  );
  if (courseRows.length > 0) await db.insert(productCourses).values(courseRows);
  return PRODUCTS.length;
}
