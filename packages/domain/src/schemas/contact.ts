import { z } from 'zod';
import { CONTACT_SUBJECTS, LIMITS, type ContactSubject } from '../constants.ts';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { dataEnvelope } from './common.ts';

/**
 * The two public forms of spec 001 §5: the contact form (/contact-us → POST /api/v1/contacts/send)
 * and the local holding registration (/seminar-register → POST /api/v1/administrators/local_holdings/register).
 * The server validates with these schemas and the browser's forms use the same ones (zodResolver).
 */

/** Label keys of the two forms' fields (texts in i18n/forms-*.ts), as the forms and the error messages name them. */
export const contactFields = messageKeys('forms.contactFields', [
  'client_name',
  'location_work',
  'client_email',
  'subject',
  'description',
  'content',
]);

export const localHoldingFields = messageKeys('forms.localHoldingFields', [
  'organization',
  'secretariat_name',
  'secretariat_address',
  'secretariat_phone',
  'secretariat_email',
  'secretariat_password',
]);

/** Keys of these forms' messages that are not built from a template. */
export const publicFormMessages = {
  emailFormat: 'validation.emailFormat',
  descriptionMax: 'forms.publicForms.descriptionMax',
  subjectChoice: 'forms.publicForms.subjectChoice',
  phoneFormat: 'forms.publicForms.phoneFormat',
  passwordMin: 'validation.passwordMin',
  passwordMax: 'validation.passwordMax',
  passwordAlnum: 'validation.passwordAlnum',
  emailTaken: 'forms.publicForms.emailTaken',
} as const;

/** The Japanese subjects of the contact form (spec 001 §5), keyed by the value the form sends. */
export const CONTACT_SUBJECT_LABELS: Readonly<Record<ContactSubject, string>> = {
  seminarApplication: '講習会の申込について',
  certification: '認定について',
  other: 'その他',
};

/** The subject as stored and mailed: the Japanese subject, with the description in brackets when there is one. */
export function contactSubjectText(subject: ContactSubject, description?: string | null): string {
  const label = CONTACT_SUBJECT_LABELS[subject];
  const extra = description?.trim();
  return extra ? `${label}（${extra}）` : label;
}

/**
 * The subject as the spec's browser sends it (spec 001 §7: the text it composes — a subject label,
 * or 'その他（…）' with the description in full-width brackets) read back into the keyed form;
 * a key is taken as it is. Null for any other text.
 */
export function parseContactSubject(text: string): { subject: ContactSubject; description?: string } | null {
  const value = text.trim();
  if ((CONTACT_SUBJECTS as readonly string[]).includes(value)) return { subject: value as ContactSubject };
  for (const subject of CONTACT_SUBJECTS) {
    const label = CONTACT_SUBJECT_LABELS[subject];
    if (value === label) return { subject };
    if (subject === 'other' && value.startsWith(`${label}（`) && value.endsWith('）')) {
      const description = value.slice(label.length + 1, -1).trim();
      return description ? { subject, description } : { subject };
    }
  }
  return null;
}

/** The contact answer time promised to the sender (spec 001 §9: one week). */
export const CONTACT_ANSWER_WITHIN = '1週間以内';

/**
 * A practical address pattern: local part, '@', a domain with at least one dot; no spaces.
 * (Stricter than nothing, looser than RFC 5322: what an office can actually write back to.)
 */
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** A required text, trimmed, with '{label}は必須です' when missing or blank. */
function requiredText(label: string, max: number) {
  const required = message('validation.required', ref(label));
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: message('validation.maxLength', ref(label), max) });
}

function emailField(label: string) {
  return requiredText(label, 254).regex(EMAIL_PATTERN, { error: publicFormMessages.emailFormat });
}

/** Optional text: trimmed; blank or missing becomes undefined. */
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || undefined : value === null ? undefined : value),
  z.string({ error: 'forms.publicForms.text' }).optional(),
);

const c = contactFields;

export const contactSendSchema = z
  .object({
    client_name: requiredText(c.client_name, 100),
    location_work: requiredText(c.location_work, 200),
    client_email: emailField(c.client_email),
    /** A key of CONTACT_SUBJECTS, or the Japanese text the spec's browser composes ('その他（…）'). */
    subject: z.string({ error: publicFormMessages.subjectChoice }).transform((text, ctx) => {
      const parsed = parseContactSubject(text);
      if (parsed) return parsed;
      ctx.addIssue({ code: 'custom', message: publicFormMessages.subjectChoice });
      return z.NEVER;
    }),
    description: optionalText.pipe(
      z
        .string()
        .max(LIMITS.contactSubjectDescriptionMax, { error: publicFormMessages.descriptionMax })
        .optional(),
    ),
    content: requiredText(c.content, 5000),
  })
  .superRefine(
    (value, ctx) => {
      // Checked even when other fields fail (`when`), so the form shows every error at once.
      const subject = value.subject as ReturnType<typeof parseContactSubject> | undefined;
      if (!subject) return;
      if (subject.subject === 'other' && !value.description && !subject.description) {
        ctx.addIssue({
          code: 'custom',
          path: ['description'],
          message: message('validation.required', ref(c.description)),
        });
      }
      if ((subject.description?.length ?? 0) > LIMITS.contactSubjectDescriptionMax) {
        ctx.addIssue({ code: 'custom', path: ['subject'], message: publicFormMessages.descriptionMax });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform(({ subject, description, ...rest }) => ({
    ...rest,
    subject: subject.subject,
    description: description ?? subject.description,
  }));
export type ContactSendInput = z.input<typeof contactSendSchema>;
export type ContactSend = z.infer<typeof contactSendSchema>;

export const contactSendResponseSchema = dataEnvelope(z.object({ id: z.number().int() }));
export type ContactSendResponse = z.infer<typeof contactSendResponseSchema>;

const l = localHoldingFields;

/** Half-width letters and digits only (spec 000 §5 password rule). */
const PASSWORD_PATTERN = /^[A-Za-z0-9]+$/;

/** A password of 4–150 half-width alphanumerics; not trimmed (a space is an error, not silently dropped). */
function passwordField(label: string) {
  const required = message('validation.required', ref(label));
  return z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .min(LIMITS.passwordMin, { error: publicFormMessages.passwordMin })
    .max(LIMITS.passwordMax, { error: publicFormMessages.passwordMax })
    .regex(PASSWORD_PATTERN, { error: publicFormMessages.passwordAlnum });
}

export const localHoldingRegisterSchema = z.object({
  organization: requiredText(l.organization, 200),
  secretariat_name: requiredText(l.secretariat_name, 100),
  secretariat_address: requiredText(l.secretariat_address, 300),
  secretariat_phone: requiredText(l.secretariat_phone, 20).regex(/^[0-9]+(?:-[0-9]+){0,3}$/, {
    error: publicFormMessages.phoneFormat,
  }),
  secretariat_email: emailField(l.secretariat_email),
  secretariat_password: passwordField(l.secretariat_password),
});
export type LocalHoldingRegisterInput = z.input<typeof localHoldingRegisterSchema>;
export type LocalHoldingRegister = z.infer<typeof localHoldingRegisterSchema>;

/** 0 awaiting the office's approval, 1 approved, 2 rejected. */
export const LOCAL_HOLDING_STATUS = { awaitingApproval: 0, approved: 1, rejected: 2 } as const;

export const localHoldingRegisterResponseSchema = dataEnvelope(
  z.object({ id: z.number().int(), status: z.number().int() }),
);
export type LocalHoldingRegisterResponse = z.infer<typeof localHoldingRegisterResponseSchema>;
