import { z } from 'zod';
import {
  LIMITS,
  MEDICAL_DEPARTMENTS,
  OCCUPATION_ID,
  OCCUPATIONS,
  SIMULATION_QUALIFICATIONS,
  TIME_ZONE,
} from '../constants.ts';
import type { SimulationQualification } from '../constants.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { message, messageKeys, ref } from '../i18n/message.ts';
import {
  normalizeAlpha,
  normalizeDateDigits,
  normalizeEmail,
  normalizeKana,
  normalizePhone,
  normalizePhonePart,
  normalizePostalCode,
  toHalfWidth,
  trimText,
} from '../rules/normalize.ts';
import { areaSchema } from './content.ts';
import { controlCharacterMessage, dataEnvelope, hasControlCharacters } from './common.ts';

/**
 * Accounts (spec 000 §3 User, §4 Authentication, §5 Validation rules, §7 the /users calls).
 *
 * Two kinds of schema per form:
 * - `…FormSchema`: what react-hook-form edits (every input a string, phone in three parts,
 *   qualifications as checkbox values); its OUTPUT is the request body the browser sends.
 * - `…RequestSchema`: what the server validates (the body of the call, strings or numbers); its
 *   OUTPUT is normalised and typed for the service.
 * Both are built from the same field rules below, so the browser and the server apply the same rule.
 * Rules that depend on today's date come from createUserSchemas({ today }); the ready-made schemas
 * exported at the bottom use the system clock in Asia/Tokyo.
 */

/** Keys of this area's messages (texts in i18n/forms-ja.ts and forms-en.ts). */
export const userMessages = messageKeys('forms.users', [
  'emailTaken',
  'invalidCredentials',
  'birthdayFormat',
  'phoneLength',
  'postalCodeLookup',
  'resetTokenInvalid',
  'resetTokenUsed',
  'resetTokenExpired',
  'forgotPasswordSent',
  'resetPasswordDone',
  'loggedOut',
  'emailChangeSent',
  'emailChangeDone',
  'emailChangeTokenInvalid',
  'emailChangeTokenUsed',
  'emailChangeTokenExpired',
  'avatarTooLarge',
  'avatarType',
  'avatarSingle',
]);

/** Length caps the spec does not state, so that no field can hold a novel. */
export const USER_FIELD_MAX = {
  name: 50,
  email: 254,
  text: 200,
} as const;

/** Reset links are valid for one hour; email-change links for a day; login tokens for 30 days. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
export const AUTH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const PREFECTURE_IDS = Array.from({ length: 47 }, (_, i) => i + 1);
export const OCCUPATION_IDS = OCCUPATIONS.map((o) => o.id);
export const MEDICAL_DEPARTMENT_IDS = MEDICAL_DEPARTMENTS.map((d) => d.id);
export const GENDER_IDS = [0, 1] as const;

const required = (label: string) => message('validation.required', ref(label));
const maxLength = (label: string, max: number) => message('validation.maxLength', ref(label), max);

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, message: string) => ctx.addIssue({ code: 'custom', message });

// ───────────────────────────── field rules ─────────────────────────────

/** A required text: normalised, then non-empty, then at most `max` characters, then `rules` in order. */
export function textField(
  label: string,
  options: {
    max: number;
    normalize?: (value: string) => string;
    rules?: ReadonlyArray<readonly [(value: string) => boolean, string]>;
  },
) {
  const normalize = options.normalize ?? trimText;
  return z.string({ error: required(label) }).transform((raw, ctx) => {
    if (hasControlCharacters(raw)) {
      issue(ctx, controlCharacterMessage(label));
      return z.NEVER;
    }
    const value = normalize(raw);
    if (value === '') {
      issue(ctx, required(label));
      return z.NEVER;
    }
    if (value.length > options.max) {
      issue(ctx, maxLength(label, options.max));
      return z.NEVER;
    }
    for (const [ok, message] of options.rules ?? []) {
      if (!ok(value)) {
        issue(ctx, message);
        return z.NEVER;
      }
    }
    return value;
  });
}

const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Email: full-width typed characters become half-width; then the pattern. Dots as Japanese carriers allow. */
export const emailField = textField('fields.email', {
  max: USER_FIELD_MAX.email,
  normalize: normalizeEmail,
  rules: [[(s) => EMAIL_PATTERN.test(s), 'validation.emailFormat']],
});

export const isValidEmail = (value: string) => EMAIL_PATTERN.test(normalizeEmail(value));

/** Password rules of §5: 4 to 150 half-width alphanumerics. Never trimmed or normalised. */
export function passwordProblems(value: string): string[] {
  const problems: string[] = [];
  if (value.length < LIMITS.passwordMin) problems.push('validation.passwordMin');
  if (value.length > LIMITS.passwordMax) problems.push('validation.passwordMax');
  if (!/^[A-Za-z0-9]*$/.test(value)) problems.push('validation.passwordAlnum');
  return problems;
}

export function passwordField(label: string = 'fields.password') {
  return z.string({ error: required(label) }).superRefine((value, ctx) => {
    if (value === '') return issue(ctx, required(label));
    for (const problem of passwordProblems(value)) issue(ctx, problem);
  });
}

/** The confirmation: required here; equality with the password is checked on the object. */
export const rePasswordField = z
  .string({ error: required('fields.rePassword') })
  .superRefine((value, ctx) => {
    if (value === '') issue(ctx, required('fields.rePassword'));
  });

export const nameField = (label: string) => textField(label, { max: USER_FIELD_MAX.name });

const KATAKANA = /^[\u30A1-\u30FA\u30FC\u30FB\u30FD\u30FE\s]+$/;
/** Kana names: hiragana and half-width kana become katakana; then katakana only. */
export const kanaField = (label: string) =>
  textField(label, {
    max: USER_FIELD_MAX.name,
    normalize: normalizeKana,
    rules: [[(s) => KATAKANA.test(s), 'validation.kana']],
  });

/** Alphabet names: capital letters A–Z only (full-width letters become half-width first). */
export const alphaField = (label: string) =>
  textField(label, {
    max: USER_FIELD_MAX.name,
    normalize: normalizeAlpha,
    rules: [[(s) => /^[A-Z]+$/.test(s), 'validation.capitalLetters']],
  });

/** A choice sent as a number or a numeric string (select values are strings in the browser). */
export function choiceField<T extends number>(label: string, allowed: readonly T[]) {
  return z.union([z.string(), z.number()], { error: required(label) }).transform((raw, ctx): T => {
    const text = typeof raw === 'number' ? String(raw) : toHalfWidth(raw).trim();
    if (text === '') {
      issue(ctx, required(label));
      return z.NEVER;
    }
    const value = Number(text);
    if (!/^\d+$/.test(text) || !allowed.includes(value as T)) {
      issue(ctx, message('validation.invalidValue', ref(label)));
      return z.NEVER;
    }
    return value as T;
  });
}

/** Like choiceField, but empty (or absent) is allowed and becomes null. */
export function optionalChoiceField<T extends number>(label: string, allowed: readonly T[]) {
  return z
    .union([z.string(), z.number(), z.null()], { error: message('validation.invalidValue', ref(label)) })
    .optional()
    .transform((raw, ctx): T | null => {
      if (raw === undefined || raw === null) return null;
      const text = typeof raw === 'number' ? String(raw) : toHalfWidth(raw).trim();
      if (text === '') return null;
      const value = Number(text);
      if (!/^\d+$/.test(text) || !allowed.includes(value as T)) {
        issue(ctx, message('validation.invalidValue', ref(label)));
        return z.NEVER;
      }
      return value as T;
    });
}

const QUALIFICATION_ORDER: readonly SimulationQualification[] = SIMULATION_QUALIFICATIONS;

/** Splits the comma-joined qualifications the API stores ('ICLS,ACLS') into their list. */
export function splitQualifications(value: string): string[] {
  return toHalfWidth(value)
    .split(/[,、，]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Instructor qualifications: a list (checkboxes) or the comma-joined string the API sends; at least
 * one; only ICLS, ACLS, JATEC, none; 'none' alone. Output: the list in the canonical order.
 */
export const qualificationsField = z
  .union([z.string(), z.array(z.string())], { error: required('fields.simulationQualification') })
  .transform((raw, ctx): SimulationQualification[] => {
    const items = (Array.isArray(raw) ? raw.flatMap(splitQualifications) : splitQualifications(raw)).map(
      (s) => (s.toLowerCase() === 'none' ? 'none' : s.toUpperCase()),
    );
    if (items.length === 0) {
      issue(ctx, required('fields.simulationQualification'));
      return z.NEVER;
    }
    if (items.some((s) => !(QUALIFICATION_ORDER as readonly string[]).includes(s))) {
      issue(ctx, message('validation.invalidValue', ref('fields.simulationQualification')));
      return z.NEVER;
    }
    const unique = QUALIFICATION_ORDER.filter((q) => items.includes(q));
    if (unique.includes('none') && unique.length > 1) {
      issue(ctx, 'validation.qualificationNoneExclusive');
      return z.NEVER;
    }
    return unique;
  });

/** Postal code of the profile: half-width digits without hyphen, at most 7 (§5). */
export const postalCodeField = textField('fields.postalCode', {
  max: 100,
  normalize: normalizePostalCode,
  rules: [
    [(s) => /^\d+$/.test(s), 'validation.postalCodeDigits'],
    [(s) => s.length <= LIMITS.postalCodeMax, 'validation.postalCodeMax'],
  ],
});

/** Postal code of the address lookup: exactly 7 digits after normalisation. */
export const postalCodeLookupField = textField('fields.postalCode', {
  max: 100,
  normalize: normalizePostalCode,
  rules: [
    [(s) => /^\d+$/.test(s), 'validation.postalCodeDigits'],
    [(s) => s.length === 7, userMessages.postalCodeLookup],
  ],
});

/** Whole phone numbers in Japan have 10 or 11 digits (03-1234-5678, 090-1234-5678, 0120-123-456). */
const PHONE_DIGITS_MIN = 10;
const PHONE_DIGITS_MAX = 11;

/** The phone as the API receives it: three groups of digits joined by hyphens. */
export const phoneField = textField('fields.phone', {
  max: 20,
  normalize: normalizePhone,
  rules: [
    [(s) => /^\d{1,5}-\d{1,5}-\d{1,5}$/.test(s), 'validation.phoneDigits'],
    [
      (s) => {
        const digits = s.replace(/-/g, '').length;
        return digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
      },
      userMessages.phoneLength,
    ],
  ],
});

/** One of the three phone inputs of the form. */
export const phonePartField = textField('fields.phone', {
  max: 5,
  normalize: normalizePhonePart,
  rules: [[(s) => /^\d+$/.test(s), 'validation.phoneDigits']],
});

/** The calendar date in Japan of an instant, YYYY-MM-DD. */
export function tokyoToday(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** '19900131' → '1990-01-31' (no checks). */
export const birthdayToIso = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
/** '1990-01-31' → '19900131'. */
export const birthdayFromIso = (iso: string) => iso.slice(0, 10).replace(/-/g, '');

function isCalendarDate(iso: string): boolean {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}

/** Birthday: YYYYMMDD (8 digits starting 19 or 20, a real date), from 1940-01-01 to today (§5). */
export function birthdayField(today: () => string) {
  return textField('fields.birthday', {
    max: 20,
    normalize: normalizeDateDigits,
    rules: [
      [(s) => /^(19|20)\d{6}$/.test(s) && isCalendarDate(birthdayToIso(s)), userMessages.birthdayFormat],
      [
        (s) => {
          const iso = birthdayToIso(s);
          return iso >= LIMITS.birthdayMin && iso <= today();
        },
        'validation.birthdayRange',
      ],
    ],
  });
}

/** Privacy consent: true, 'true', '1', 1 or 'on'; anything else asks for consent. */
export const privacyField = z
  .union([z.boolean(), z.string(), z.number()], { error: 'validation.privacyConsent' })
  .optional()
  .transform((raw, ctx): true => {
    if (raw === true || raw === 1 || raw === '1' || raw === 'true' || raw === 'on') return true;
    issue(ctx, 'validation.privacyConsent');
    return z.NEVER;
  });

const occupationField = choiceField('fields.occupation', OCCUPATION_IDS);
const departmentField = optionalChoiceField('fields.medicalDepartment', MEDICAL_DEPARTMENT_IDS);

/** The profile fields of §3 shared by registration and profile editing (phone as sent). */
export function profileShape(today: () => string) {
  return {
    email: emailField,
    last_name: nameField('fields.lastName'),
    first_name: nameField('fields.firstName'),
    last_name_kana: kanaField('fields.lastNameKana'),
    first_name_kana: kanaField('fields.firstNameKana'),
    last_name_alpha: alphaField('fields.lastNameAlpha'),
    first_name_alpha: alphaField('fields.firstNameAlpha'),
    occupation: occupationField,
    medical_department: departmentField,
    simulation_qualification: qualificationsField,
    location_work: textField('fields.locationWork', { max: USER_FIELD_MAX.text }),
    work_area: choiceField('fields.workArea', PREFECTURE_IDS),
    postal_code: postalCodeField,
    area: choiceField('fields.area', PREFECTURE_IDS),
    district: textField('fields.district', { max: USER_FIELD_MAX.text }),
    address: textField('fields.address', { max: USER_FIELD_MAX.text }),
    phone: phoneField,
    gender: choiceField('fields.gender', GENDER_IDS),
    birthday: birthdayField(today),
  };
}

const always = { when: () => true } as const;

type WithOccupation = { occupation?: unknown; medical_department?: unknown };
type WithPasswords = { password?: unknown; re_password?: unknown };

/** Medical department is required for doctors only (§5); for others it is dropped. */
function checkDepartment(value: WithOccupation, ctx: Ctx) {
  const doctor =
    value.occupation === OCCUPATION_ID.doctor || value.occupation === String(OCCUPATION_ID.doctor);
  const missing =
    value.medical_department === null ||
    value.medical_department === undefined ||
    (typeof value.medical_department === 'string' && value.medical_department.trim() === '');
  if (doctor && missing) {
    ctx.addIssue({
      code: 'custom',
      message: required('fields.medicalDepartment'),
      path: ['medical_department'],
    });
  }
}

/** The confirmation must equal the password (the error sits on re_password). */
function checkPasswordsMatch(value: WithPasswords, ctx: Ctx) {
  if (typeof value.re_password !== 'string' || value.re_password === '') return;
  if (typeof value.password === 'string' && value.password !== value.re_password) {
    ctx.addIssue({ code: 'custom', message: 'validation.passwordMismatch', path: ['re_password'] });
  }
}

function dropDepartmentUnlessDoctor<T extends { occupation: number; medical_department: number | null }>(
  value: T,
): T {
  return value.occupation === OCCUPATION_ID.doctor ? value : { ...value, medical_department: null };
}

export type UserSchemaOptions = {
  /** Today's date in Japan, YYYY-MM-DD (the upper bound of the birthday). */
  today?: () => string;
};

// ───────────────────────────── schemas ─────────────────────────────

/** All account schemas, with the birthday's upper bound taken from `today` (the server passes its clock). */
export function createUserSchemas(options: UserSchemaOptions = {}) {
  const today = options.today ?? (() => tokyoToday());
  const shape = profileShape(today);

  /** POST /api/v1/users */
  const registerRequestSchema = z
    .object({ ...shape, password: passwordField(), re_password: rePasswordField, privacy: privacyField })
    .superRefine(checkDepartment, always)
    .superRefine(checkPasswordsMatch, always)
    .transform(dropDepartmentUnlessDoctor);

  const optionalPassword = z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value) for (const problem of passwordProblems(value)) issue(ctx, problem);
    });

  /**
   * The current password, asked for when the login address or the password changes (the service
   * decides whether it is needed and checks it). Only its length is bounded here: an old password
   * may predate today's rules.
   */
  const currentPasswordField = z
    .string({ error: message('validation.invalidValue', ref('fields.password')) })
    .max(LIMITS.passwordMax, 'validation.passwordMax')
    .optional();

  /** A new password is optional in the profile; when one is given, so must be its confirmation. */
  function checkOptionalPasswords(value: WithPasswords, ctx: Ctx) {
    if (value.password && !value.re_password) {
      ctx.addIssue({ code: 'custom', message: required('fields.rePassword'), path: ['re_password'] });
    }
    if (!value.password && value.re_password) {
      ctx.addIssue({ code: 'custom', message: required('fields.password'), path: ['password'] });
    }
    checkPasswordsMatch(value, ctx);
  }

  /**
   * POST /api/v1/users/update: absent = unchanged, given = the rules of registration; the password
   * only when given. A doctor's department left empty is refused here; one left out is taken from
   * the stored profile by the service.
   */
  const profileUpdateRequestSchema = z
    .object(shape)
    .partial()
    .extend({
      password: optionalPassword,
      re_password: z.string().optional(),
      current_password: currentPasswordField,
      /** The language of the member's mails (the web's language switcher saves it). */
      language: z.enum(LANGUAGES).optional(),
    })
    .superRefine((value, ctx) => {
      checkOptionalPasswords(value, ctx);
      if (value.occupation !== undefined && value.medical_department !== undefined)
        checkDepartment(value, ctx);
    }, always)
    .transform(({ password, re_password: _confirmation, current_password, ...rest }) => ({
      ...rest,
      current_password: current_password || undefined,
      ...(rest.occupation !== undefined && rest.occupation !== OCCUPATION_ID.doctor
        ? { medical_department: null }
        : {}),
      password: password || undefined,
    }));

  const { phone: _phone, ...formShape } = shape;
  const phoneParts = { phone_1: phonePartField, phone_2: phonePartField, phone_3: phonePartField };

  /** The form of /register: phone in three parts, qualifications as checkboxes; outputs the request body. */
  const registerFormSchema = z
    .object({
      ...formShape,
      ...phoneParts,
      password: passwordField(),
      re_password: rePasswordField,
      privacy: privacyField,
    })
    .superRefine(checkDepartment, always)
    .superRefine(checkPasswordsMatch, always)
    .superRefine(checkPhoneLength, always)
    .transform(({ phone_1, phone_2, phone_3, simulation_qualification, ...rest }) => ({
      ...dropDepartmentUnlessDoctor(rest),
      phone: `${phone_1}-${phone_2}-${phone_3}`,
      simulation_qualification: simulation_qualification.join(','),
    }));

  /** The form of /my-page/info: as registration without consent; the password only when changed. */
  const profileFormSchema = z
    .object({ ...formShape, ...phoneParts, password: optionalPassword, re_password: z.string().optional() })
    .superRefine(checkDepartment, always)
    .superRefine(checkOptionalPasswords, always)
    .superRefine(checkPhoneLength, always)
    .transform(({ phone_1, phone_2, phone_3, simulation_qualification, password, re_password, ...rest }) => ({
      ...dropDepartmentUnlessDoctor(rest),
      phone: `${phone_1}-${phone_2}-${phone_3}`,
      simulation_qualification: simulation_qualification.join(','),
      ...(password ? { password, re_password } : {}),
    }));

  return { registerRequestSchema, profileUpdateRequestSchema, registerFormSchema, profileFormSchema };
}

/** The three phone parts together have 10 or 11 digits (the error sits on the last part). */
function checkPhoneLength(value: { phone_1?: unknown; phone_2?: unknown; phone_3?: unknown }, ctx: Ctx) {
  const parts = [value.phone_1, value.phone_2, value.phone_3];
  if (!parts.every((p) => typeof p === 'string' && /^\d+$/.test(normalizePhonePart(p)))) return;
  const digits = parts.map((p) => normalizePhonePart(p as string)).join('').length;
  if (digits < PHONE_DIGITS_MIN || digits > PHONE_DIGITS_MAX) {
    ctx.addIssue({ code: 'custom', message: userMessages.phoneLength, path: ['phone_3'] });
  }
}

/** POST /api/v1/users/login: no length rules here, so that no stored password is locked out by a rule. */
export const loginRequestSchema = z.object({
  email: emailField,
  password: z.string({ error: required('fields.password') }).superRefine((value, ctx) => {
    if (value === '') issue(ctx, required('fields.password'));
    else if (value.length > 1024) issue(ctx, 'validation.passwordMax');
  }),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** POST /api/v1/users/forgot-password (and the reminder form). */
export const forgotPasswordRequestSchema = z.object({ email: emailField });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** The form of /forgot-password/{token}: the token comes from the URL. */
export const resetPasswordFormSchema = z
  .object({ password: passwordField(), re_password: rePasswordField })
  .superRefine(checkPasswordsMatch, always);
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** A token as the server makes them: 256 random bits, base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/** POST /api/v1/users/reset-password */
export const resetPasswordRequestSchema = z
  .object({
    password: passwordField(),
    re_password: rePasswordField,
    token: z.string({ error: userMessages.resetTokenInvalid }).superRefine((value, ctx) => {
      if (!TOKEN_PATTERN.test(value)) issue(ctx, userMessages.resetTokenInvalid);
    }),
  })
  .superRefine(checkPasswordsMatch, always);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** GET /api/v1/areas/address?postal_code=… */
export const addressQuerySchema = z.object({ postal_code: postalCodeLookupField });
export const addressItemSchema = z.object({ area: areaSchema, district: z.string() });
export type AddressItem = z.infer<typeof addressItemSchema>;
export const addressResponseSchema = z.object({ data: z.array(addressItemSchema) });

/** GET /api/v1/avatars/{file} */
export const AVATAR_FILE_PATTERN = /^[A-Za-z0-9_-]{43}\.jpg$/;

// ───────────────────────────── responses ─────────────────────────────

/** An account's role (decision 041: 'host' is a local holding's account). */
export const USER_ROLES = ['member', 'office', 'host'] as const;

/** The account's names as the API shows them, to their owner and to the office (members.ts). */
export const profileNamesShape = {
  id: z.number().int(),
  email: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  last_name_kana: z.string(),
  first_name_kana: z.string(),
  last_name_alpha: z.string(),
  first_name_alpha: z.string(),
};

/** The profile's details as the API shows them, to their owner and to the office (members.ts). */
export const profileDetailsShape = {
  occupation: z.number().int(),
  medical_department: z.number().int().nullable(),
  /** Comma-joined, as the registration sends it: 'ICLS,ACLS' or 'none'. */
  simulation_qualification: z.string(),
  location_work: z.string(),
  work_area: z.number().int().nullable(),
  postal_code: z.string(),
  area: z.number().int().nullable(),
  district: z.string(),
  address: z.string(),
  phone: z.string(),
  gender: z.number().int(),
};

/** The profile as the API shows it to its owner. */
export const userProfileSchema = z.object({
  ...profileNamesShape,
  fullname: z.string(),
  fullname_kana: z.string(),
  ...profileDetailsShape,
  /** YYYYMMDD */
  birthday: z.string(),
  /** Relative URL of the avatar image, or null. */
  avatar: z.string().nullable(),
  role: z.enum(USER_ROLES),
  /** For the office: 'admin' (everything) or 'staff' (no staff management, refunds up to a limit). */
  office_role: z.enum(['admin', 'staff']).nullable(),
  /** The language of the member's mails: 'ja' or 'en'. */
  language: z.enum(LANGUAGES),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const userResponseSchema = dataEnvelope(userProfileSchema);

/** POST /users/update answers the profile and, when a new address awaits its confirmation, that address. */
export const profileUpdateResponseSchema = dataEnvelope(
  userProfileSchema.extend({ pending_email: z.string().nullable() }),
);

/** POST /users/email-change/confirm: the token of the link mailed to the new address. */
export const emailChangeConfirmSchema = z.object({
  token: z
    .string({ error: userMessages.emailChangeTokenInvalid })
    .trim()
    .min(1, { error: userMessages.emailChangeTokenInvalid })
    .max(200, { error: userMessages.emailChangeTokenInvalid }),
});
export const authResponseSchema = dataEnvelope(z.object({ token: z.string(), user: userProfileSchema }));
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const messageResponseSchema = dataEnvelope(z.object({ message: z.string() }));

// ───────────────────────────── ready-made (system clock) ─────────────────────────────

const defaults = createUserSchemas();
export const registerRequestSchema = defaults.registerRequestSchema;
export const profileUpdateRequestSchema = defaults.profileUpdateRequestSchema;
export const registerFormSchema = defaults.registerFormSchema;
export const profileFormSchema = defaults.profileFormSchema;

export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type RegisterInput = z.output<typeof registerRequestSchema>;
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;
export type ProfileUpdateInput = z.output<typeof profileUpdateRequestSchema>;
export type RegisterForm = z.input<typeof registerFormSchema>;
export type ProfileForm = z.input<typeof profileFormSchema>;
