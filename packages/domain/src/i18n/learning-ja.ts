/**
 * Messages of the learning steps: pre-videos, pre-test and post-test, survey, certificate and its
 * public verification (issue 7). `api` holds what the server answers (refusals and field errors);
 * the pages' own texts go beside it.
 */
export const learningJa = {
  api: {
    // field errors (spec 000 §5)
    answerRequired: '入力してください。',
    answerTooLong: '500文字以下で入力してください。',
    selectOne: '該当するものを選択してください。',
    surveyRequired: 'この項目は必須です',
    surveyOtherTooLong: '200文字以下で入力してください。',
    surveyTextTooLong: '500文字以下で入力してください。',
    surveyInvalidOption: '選択肢から選んでください。',
    surveyUnknownQuestion: 'このアンケートにない設問です。',
    // pre-videos
    lessonNotFound: '動画が見つかりません。',
    preVideoNotOpen: '事前動画はまだ視聴できません。前の手続きを先に完了してください。',
    notWatchedToEnd:
      '動画を最後まで視聴してください。早送りや再生位置の移動で進めた部分は、視聴済みになりません。',
    // tests
    questionNotFound: '設問が見つかりません。',
    invalidChoice: '選択肢が正しくありません。',
    singleChoiceOnly: '選択できるのは1つです。',
    preTestNotOpen: '事前テストはまだ受験できません。事前動画をすべて視聴してください。',
    preTestAlreadyAnswered: 'この設問にはすでに回答済みです。事前テストの回答は1回のみです。',
    postTestNotOpen: '事後テストは、講習会の受付後に受験できます。',
    postTestPassed: '事後テストはすでに合格しています。',
    postTestAlreadyCorrect: 'この設問はすでに正解しています。',
    // survey
    surveyNotOpen: 'アンケートは、事後テストに合格した後に回答できます。',
    surveyAlreadyAnswered: 'アンケートはすでに回答済みです。',
    surveyMissing: 'このコースのアンケートは準備中です。事務局にお問い合わせください。',
    // certificate
    certificateNotReady: '修了証は、アンケートの回答後に発行されます。',
    certificateCannotIssue: '現在、ご希望の修了証は発行できません。事務局にお問い合わせください。',
    certificateNotFound: '修了証が見つかりません。',
    certificateLinkExpired: '表示用のリンクの有効期限が切れています。画面を更新してください。',
    verifyNotFound: 'この確認コードの修了証は見つかりませんでした。URLをご確認ください。',
    alreadyRevoked: 'この修了証はすでに失効しています。',
  },
} as const;
