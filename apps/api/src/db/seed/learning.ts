/**
 * Demo learning content of every course: three pre-video lessons (short WebM files committed under
 * apps/web/public/media/lessons, so they play offline), a pre-test, a post-test and a survey.
 */
import { addLesson } from '../../modules/catalogue/index.ts';
import { replaceQuiz } from '../../modules/learning/index.ts';
import { replaceSurvey } from '../../modules/surveys/index.ts';
import type { Executor } from '../client.ts';
import { COURSE_SEEDS, type CourseIds } from './courses.ts';

/** The demo video files: durations are the files' own (ffprobe), in seconds. */
export const LESSON_FILES = [
  {
    title: '母体急変時の初期対応 ― 一次評価とチームでの情報共有',
    tutor: '産婦人科専門医 山本 恵子',
    duration: 8,
    link: '/media/lessons/lesson-1.webm',
    thumbnail: '/media/lessons/lesson-1.jpg',
  },
  {
    title: '産科危機的出血への対応 ― 出血量の評価とショックインデックス',
    tutor: '救急科専門医 佐々木 隆',
    duration: 7,
    link: '/media/lessons/lesson-2.webm',
    thumbnail: '/media/lessons/lesson-2.jpg',
  },
  {
    title: '妊産婦の心肺蘇生 ― 子宮左方移動と死戦期帝王切開',
    tutor: '麻酔科専門医 中村 真理',
    duration: 9,
    link: '/media/lessons/lesson-3.webm',
    thumbnail: '/media/lessons/lesson-3.jpg',
  },
] as const;

type Meta = { value: string; label: string; correct?: boolean };
type QuestionSeed = { title: string; description?: string; inputType: 0 | 1 | 2; metas?: Meta[] };

const choices = (labels: Array<[string, boolean?]>): Meta[] =>
  labels.map(([label, correct], i) => ({
    value: String.fromCharCode(97 + i),
    label,
    correct: correct ?? false,
  }));

export const PRE_TEST: readonly QuestionSeed[] = [
  {
    title: '妊産婦の急変に気づいたとき、最初に行う対応として最も適切なものはどれですか。',
    inputType: 1,
    metas: choices([
      ['応援を呼び、一次評価（気道・呼吸・循環・意識）を行う', true],
      ['直ちに帝王切開の準備を始める'],
      ['家族への説明を優先する'],
      ['検査結果がそろうまで経過を観察する'],
    ]),
  },
  {
    title: '産科危機的出血を疑う所見をすべて選んでください。',
    description: '複数選択できます。',
    inputType: 0,
    metas: choices([
      ['ショックインデックス（心拍数÷収縮期血圧）が1以上', true],
      ['冷汗・顔面蒼白', true],
      ['意識レベルの低下', true],
      ['血圧126/78mmHg、脈拍72回/分で安定している'],
    ]),
  },
  {
    title: '妊娠20週以降の妊産婦に胸骨圧迫を行うとき、あわせて行う操作はどれですか。',
    inputType: 1,
    metas: choices([
      ['用手的子宮左方移動', true],
      ['右側臥位への体位変換'],
      ['下肢の挙上のみ'],
      ['胸骨圧迫の中断'],
    ]),
  },
  {
    title: '羊水塞栓症を疑う症状として当てはまるものをすべて選んでください。',
    description: '複数選択できます。',
    inputType: 0,
    metas: choices([
      ['突然の呼吸困難・低酸素血症', true],
      ['急激な血圧低下', true],
      ['凝固障害（DIC）による止血困難', true],
      ['数日前から続く軽い頭痛'],
    ]),
  },
  {
    title: 'あなたの施設で、母体急変時に応援を要請する方法（院内緊急コールなど）を記入してください。',
    description: '500文字以内で入力してください。',
    inputType: 2,
  },
];

export const POST_TEST: readonly QuestionSeed[] = [
  {
    title: 'ショックインデックスの求め方として正しいものはどれですか。',
    inputType: 1,
    metas: choices([
      ['心拍数 ÷ 収縮期血圧', true],
      ['収縮期血圧 ÷ 心拍数'],
      ['心拍数 × 呼吸数'],
      ['拡張期血圧 ÷ 心拍数'],
    ]),
  },
  {
    title: '死戦期帝王切開について正しいものをすべて選んでください。',
    description: '複数選択できます。',
    inputType: 0,
    metas: choices([
      ['心停止から4分以内の開始を目指す', true],
      ['心肺蘇生を継続しながら行う', true],
      ['手術室への移動を待ってから開始する'],
    ]),
  },
  {
    title: '弛緩出血に対して第一に用いる子宮収縮薬はどれですか。',
    inputType: 1,
    metas: choices([['オキシトシン', true], ['ニフェジピン'], ['リトドリン塩酸塩'], ['硫酸マグネシウム']]),
  },
  {
    title: '妊産婦でショックインデックスが1.0のとき、推定される出血量はおよそ何リットルですか。',
    description: '数字で入力してください（例：0.5）。',
    inputType: 2,
    metas: [
      { value: '1.5', label: '1.5', correct: true },
      { value: '1.5l', label: '1.5L', correct: true },
      { value: '1.5リットル', label: '1.5リットル', correct: true },
    ],
  },
];

type SurveySeed = {
  title: string;
  kind: 'option' | 'option_other' | 'text' | 'respondent';
  required?: boolean;
  options?: string[];
};

export const SURVEY: readonly SurveySeed[] = [
  {
    title: '本講習会の満足度を教えてください。',
    kind: 'option',
    options: ['大変満足', '満足', '普通', 'やや不満', '不満'],
  },
  {
    title: '講習会の内容は、今後の業務に役立つと思いますか。',
    kind: 'option',
    options: ['とても役立つ', '役立つ', 'あまり役立たない', '役立たない'],
  },
  {
    title: '本講習会を何で知りましたか。',
    kind: 'option_other',
    options: ['所属施設からの案内', '学会・研究会', '協議会のウェブサイト', '知人・同僚の紹介', 'その他'],
  },
  { title: '周産期医療に携わった経験年数@@年', kind: 'text', required: true },
  {
    title: '回答者情報：職種',
    kind: 'respondent',
    options: ['医師', '助産師', '看護師', '准看護師', '救急救命士', '学生', 'その他'],
  },
  {
    title: '回答者情報：勤務先の種別',
    kind: 'respondent',
    options: [
      '総合周産期母子医療センター',
      '地域周産期母子医療センター',
      '一般病院',
      '診療所',
      '助産所',
      '消防機関',
      'その他',
    ],
  },
  { title: '講習会へのご意見・ご感想があればご記入ください。', kind: 'text', required: false },
];

/** The demo test through the office's own editor (decision 036): version 1, audited as the system's. */
async function seedQuiz(
  db: Executor,
  options: { courseId: number; kind: 'pre' | 'post'; items: readonly QuestionSeed[]; now: Date },
) {
  await replaceQuiz(db, {
    actorId: null,
    courseId: options.courseId,
    kind: options.kind,
    now: options.now,
    input: {
      title: options.kind === 'pre' ? '事前テスト' : '事後テスト',
      questions: options.items.map((q) => ({
        title: q.title,
        description: q.description ?? '',
        input_type: q.inputType,
        quiz_question_metas: (q.metas ?? []).map((x) => ({
          value: x.value,
          label: x.label,
          is_correct: x.correct ?? false,
        })),
      })),
    },
  });
}

/** The demo survey through the office's own editor. */
async function seedSurvey(db: Executor, options: { courseId: number; courseName: string; now: Date }) {
  await replaceSurvey(db, {
    actorId: null,
    courseId: options.courseId,
    now: options.now,
    input: {
      name: `${options.courseName} 受講後アンケート`,
      questions: SURVEY.map((q) => ({
        title: q.title,
        kind: q.kind,
        no_sub: false,
        is_required: q.required ?? true,
        options: (q.options ?? []).map((value) => ({ value })),
      })),
    },
  });
}

/** The lessons, both tests and the survey of one course. */
export async function seedCourseLearning(
  db: Executor,
  courseId: number,
  courseName: string,
  now: Date = new Date(),
) {
  // Through the office's own service (issue 16): the same checks, order and columns as the console's.
  for (const l of LESSON_FILES)
    await addLesson(db, {
      actorId: null,
      courseId,
      now,
      input: {
        kind: 'pre',
        title: l.title,
        tutor: l.tutor,
        duration: l.duration,
        video: { link: l.link },
        thumbnail: { link: l.thumbnail },
      },
    });
  await seedQuiz(db, { courseId, kind: 'pre', items: PRE_TEST, now });
  await seedQuiz(db, { courseId, kind: 'post', items: POST_TEST, now });
  await seedSurvey(db, { courseId, courseName, now });
}

export async function seedLearning(db: Executor, courseIds: CourseIds, now: Date = new Date()) {
  for (const c of COURSE_SEEDS) await seedCourseLearning(db, courseIds[c.slug], c.name, now);
}
