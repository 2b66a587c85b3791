import { z } from 'zod';

/** Japanese messages of the session workflow (server refusals and the session page's warnings). */
export const enrollmentMessagesJa = {
  full: '定員に達したため、お申し込みいただけません。',
  alreadyApplied: 'この講習会にはすでにお申し込み済みです。',
  windowNotOpen: '申込期間前のため、お申し込みいただけません。',
  windowClosed: '申込期間が終了したため、お申し込みいただけません。',
  sessionCancelled: 'この講習会は開催中止となりました。',
  notRecruiting: 'この講習会ではこの区分の募集を行っていません。',
  occupationNotMatched: '職域がマッチされていないため、受講できません。',
  courseConditionUnmet:
    'この講習会の受講条件（指定コースの修了）を満たしていないため、お申し込みいただけません。ご不明な点は事務局までお問い合わせください。',
  basicHolderLimitation: 'この講習会は、ベーシックコースの認定期間の残りが1年未満の方のみ受講できます。',
  sameTimeConflict: '同じ時間帯の講習会にすでにお申し込みのため、お申し込みできません。',
  processingPayment: '決済処理中です。しばらくしてから画面を更新してください。',
  stepOutOfOrder: 'この手続きはまだ行えません。前の手続きを先に完了してください。',
  notApplied: 'この講習会にはお申し込みがありません。',
  awaitingApproval: '事務局の承認待ちのため、まだ手続きを進められません。',
  notPaid: 'お支払いが完了していないため、手続きを進められません。',
  agreementDone: '同意の手続きはすでに完了しています。',
  agreementConsent: '上記内容に同意する必要があります。',
  privacyConsent: '個人情報保護方針に同意する必要があります。',
  ticketNotReady: '受講票はまだ発行されていません。',
  cancelPending: 'キャンセル申請はすでに受け付けており、事務局の承認待ちです。',
  cancelNotAllowed: 'この状態ではキャンセル申請はできません。',
  cancelled: 'この申し込みはキャンセル済みです。',
  lotteryWindowOpen: '申込期間が終了するまで抽選は実施できません。',
  windowNotOpenToClose: '申込受付中ではないため、締め切ることはできません。',
  lotteryDone: 'この講習会・区分の抽選はすでに実施済みです。',
  notLottery: 'この講習会・区分は抽選による募集ではありません。',
  noPlaceFree: '空いている席がありません。',
  noNextEntrant: '繰り上げの対象となる方がいません。',
  notAssistant: 'アシスタントの申し込みではありません。',
  alreadyApproved: 'すでに承認済みです。',
  alreadyRejected: 'この申し込みはすでに承認しないことに決まっています。',
  notAwaitingApproval: 'この申し込みは承認待ちの状態ではありません。',
  rejectReason: '承認しない理由を入力してください（申込者へのメールに記載されます）。',
  cancelRequestDecided: 'このキャンセル申請はすでに処理済みです。',
  checkInForged: '受付コードが正しくありません。受講票をご確認ください。',
  checkInOtherSession: 'この受講票は別の講習会のものです。',
  checkInUsed: 'この受講票はすでに受付済みです。',
  checkInNotAttending: 'この受講票ではまだ受付できません（受講予定の状態ではありません）。',
  checkInTooEarly: 'この講習会の開催日は{0}です。受付は開催日当日のみ行えます。',
  checkInTooLate: 'この講習会の開催日（{0}）は過ぎています。受付は開催日当日のみ行えます。',
  checkInNotDone: 'この申し込みはまだ受付されていません。',
  checkInUndoCertificate: '修了証が発行済みのため、受付を取り消せません。先に修了証を失効してください。',
  checkInUndoReason: '受付を取り消す理由を入力してください。',
  paymentNotAwaited: 'この申し込みは支払い待ちの状態ではありません。',
  paymentMethodNotOffered: 'この講習会ではこのお支払い方法はご利用いただけません。',
  paymentMethodLocked: 'お支払いが完了しているか手続き中のため、お支払い方法は変更できません。',
  wonElsewhere: '落選（他の講習会で当選）',
  cancelledNote: 'キャンセル承認',
} as const;

export const userTypeBodySchema = z.object({
  user_type: z.coerce.number().int().min(1).max(4),
});
export const userTypeQuerySchema = userTypeBodySchema;

/** POST …/enrollments/user: the privacy-policy consent is required (spec §5). */
export const applyBodySchema = userTypeBodySchema.extend({
  privacy: z.literal(true, { error: enrollmentMessagesJa.privacyConsent }).optional(),
});

/** POST …/enrollments/agreement: consent is required (spec §5). */
export const agreementBodySchema = userTypeBodySchema.extend({
  agree: z.literal(true, { error: enrollmentMessagesJa.agreementConsent }),
});

/**
 * POST …/enrollments/confirm_participant (spec 000 §7; decision 025): the attendee's confirmation of
 * participation that precedes the ticket — the agreement's step under the spec's name. Sending the
 * call is the confirmation; `agree`, when sent, must be true.
 */
export const confirmParticipantBodySchema = userTypeBodySchema.extend({
  agree: z.literal(true, { error: enrollmentMessagesJa.agreementConsent }).optional(),
});

/** The answer of the participation confirmation (and of the agreement): now attending (9), the ticket next. */
export const confirmParticipantResponseSchema = z.object({
  data: z.object({
    enrollment_id: z.number().int(),
    status: z.literal(9),
    next_route: z.literal('ticket'),
  }),
});

/** POST …/enrollments/payment-method: the session fee's method (1 card, 2 bank transfer, 3 on site). */
export const paymentMethodBodySchema = userTypeBodySchema.extend({
  payment_method_id: z.coerce
    .number({ error: 'お支払い方法を選択してください。' })
    .int({ error: 'お支払い方法を選択してください。' })
    .min(1, { error: 'お支払い方法を選択してください。' })
    .max(3, { error: 'お支払い方法を選択してください。' }),
});

export const requestCancelBodySchema = userTypeBodySchema.extend({
  reason: z.string().trim().max(500).optional(),
});

export const lotteryBodySchema = userTypeBodySchema.extend({
  seed: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z_-]{1,64}$/)
    .optional(),
});

export const checkInBodySchema = z.object({
  code: z.string().trim().min(1).max(300),
  training_id: z.coerce.number().int().positive().optional(),
});

/** POST /office/enrollments/{id}/undo-check-in: the reason is kept in the audit trail. */
export const undoCheckInBodySchema = z.object({
  reason: z
    .string({ error: enrollmentMessagesJa.checkInUndoReason })
    .trim()
    .min(1, enrollmentMessagesJa.checkInUndoReason)
    .max(500),
});

/** POST /office/enrollments/{id}/reject-assistant: the reason is mailed to the applicant and audited. */
export const rejectAssistantBodySchema = z.object({
  reason: z
    .string({ error: enrollmentMessagesJa.rejectReason })
    .trim()
    .min(1, enrollmentMessagesJa.rejectReason)
    .max(500),
});

export const stepEntrySchema = z.object({ step: z.number(), status: z.number(), created_at: z.string() });
export const stepStateSchema = z.object({
  step: z.number(),
  state: z.enum(['disabled', 'active', 'finished', 'bi_finished']),
});

/** GET /trainings/{id}/enrollments/detail: the session page of the logged-in user. */
export const sessionDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  course: z.object({
    id: z.number(),
    name: z.string(),
    price: z.number(),
    certificate_prefix: z.string().nullable(),
    intro_video: z.string().nullable(),
  }),
  area: z.string(),
  user_type: z.object({ id: z.number(), type: z.string() }),
  is_active: z.union([z.literal(0), z.literal(1)]),
  event_date: z.string(),
  event_start_time: z.string(),
  event_end_time: z.string(),
  venue: z.string(),
  venue_name: z.string(),
  /** 主催, 対象 and the notes (spec 000 §3), shown before the member commits (issue 13 §7). */
  sponsor_by: z.string(),
  target: z.string(),
  note: z.string(),
  register_date_note: z.string(),
  apply_date_note: z.string(),
  capacity: z.number(),
  participant: z.number(),
  price: z.number(),
  selection: z.string(),
  apply_start_date: z.string(),
  apply_end_date: z.string(),
  documents: z.array(z.object({ id: z.number(), name: z.string(), link: z.string() })),
  enrollment_id: z.number().nullable(),
  /** The display step (DISPLAY_STEP_BY_STATUS). */
  step: z.number(),
  step_status: z.number().nullable(),
  training_user_steps: z.array(stepEntrySchema),
  steps: z.array(stepStateSchema),
  /** Where the step-5 button leads now: payment, the bank-transfer waiting notice, the agreement or the ticket. */
  next_route: z.enum(['payment', 'waiting', 'agreement', 'choose', 'ticket']).nullable(),
  is_student: z.boolean(),
  is_cancelled: z.boolean(),
  is_not_pass_occupation: z.array(z.object({ id: z.number(), name: z.string() })),
  is_not_pass_course_condition: z.array(
    z.array(z.object({ course_id: z.number(), course_name: z.string(), role: z.number().nullable() })),
  ),
  is_pass_basic_updated_course: z.boolean(),
  check_training: z.boolean(),
  /** Nothing blocks the steps (session active, no check_training conflict, conditions met, not cancelled). */
  is_not_disabled: z.boolean(),
  /** The course registration fee of step 1 (yen; 0 when the course skips registration: free or BI). */
  office_price: z.number().int(),
  /** The status of the member's course-registration order (object type 1) of the course; null without one. */
  order_office_status: z.number().int().nullable(),
  /** The course id when it is a special course (prefix BI: step 7 finishes as bi_finished); else null. */
  special_course_condition: z.number().int().nullable(),
  is_win_other_training_same_course: z.boolean(),
  training_assistant_approve_users: z.union([z.literal(0), z.literal(1)]),
  training_user_cancel: z.object({ status: z.number() }).nullable(),
  payments_methods: z.array(z.object({ payment_method_id: z.number() })),
  order: z.object({ status: z.number() }).nullable(),
  warnings: z.array(z.string()),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;
export const sessionDetailResponseSchema = z.object({ data: sessionDetailSchema });
