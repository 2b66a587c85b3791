// The profile's fields are drawn on /register, a page visitors land on: the styles of its components beyond
// the first visit's (mantine-styles.ts) come with this code (issue 20, decision 047).
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import {
  Box,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import {
  LIMITS,
  MEDICAL_DEPARTMENTS,
  normalizeAlpha,
  normalizeEmail,
  normalizeKana,
  normalizePhonePart,
  normalizePostalCode,
  OCCUPATION_ID,
  OCCUPATIONS,
  SIMULATION_QUALIFICATIONS,
  trimText,
} from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { DeferredSection } from '../../components/deferred-section.tsx';
import { DrawnAfter, DrawnLater } from '../../components/drawn-later.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { lookupAddress } from './api/lookup-address.ts';
import { areasQuery } from './api/reference-data.ts';

/** The profile inputs shared by /register and /my-page/info: every value is a string as typed. */
export type ProfileFieldValues = {
  email: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  last_name_alpha: string;
  first_name_alpha: string;
  occupation: string;
  medical_department: string;
  simulation_qualification: string[];
  location_work: string;
  work_area: string;
  postal_code: string;
  area: string;
  district: string;
  address: string;
  phone_1: string;
  phone_2: string;
  phone_3: string;
  gender: string;
  birthday: string;
};

export const emptyProfile: ProfileFieldValues = {
  email: '',
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  last_name_alpha: '',
  first_name_alpha: '',
  occupation: '',
  medical_department: '',
  simulation_qualification: [],
  location_work: '',
  work_area: '',
  postal_code: '',
  area: '',
  district: '',
  address: '',
  phone_1: '',
  phone_2: '',
  phone_3: '',
  gender: '',
  birthday: '',
};

export const PROFILE_FIELD_NAMES = [
  ...Object.keys(emptyProfile),
  'phone',
  'password',
  're_password',
  'privacy',
] as const;

type Form = UseFormReturn<ProfileFieldValues>;

/** Normalises a text input when it loses focus: trim, and the Japanese conversions of the field. */
function blurWith(form: Form, name: keyof ProfileFieldValues, normalize: (s: string) => string = trimText) {
  return {
    onBlur: (event: { target: { value: string } }) => {
      const next = normalize(event.target.value);
      if (next !== event.target.value)
        form.setValue(name, next, { shouldValidate: form.formState.isSubmitted });
    },
  };
}

/** The months as an English reader picks them (the Japanese list reads 1月…12月). */
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function BirthdayField({ form }: { form: Form }) {
  const { t, lang } = useI18n();
  const m = t.account.register;
  const initial = form.getValues('birthday');
  const [parts, setParts] = useState({
    y: initial.slice(0, 4),
    m: initial.slice(4, 6),
    d: initial.slice(6, 8),
  });
  const thisYear = new Date().getFullYear();
  // The spec's 100 years, newest first.
  const years = Array.from({ length: LIMITS.birthdayYearOptions }, (_, i) => String(thisYear - i));
  const change = (key: 'y' | 'm' | 'd', value: string) => {
    const next = { ...parts, [key]: value };
    setParts(next);
    // The form holds YYYYMMDD once all three are chosen, nothing before.
    form.setValue('birthday', next.y && next.m && next.d ? `${next.y}${next.m}${next.d}` : '', {
      shouldValidate: form.formState.isSubmitted,
    });
  };
  const error = form.formState.errors.birthday?.message;
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    <Fieldset legend={t.fields.birthday} variant="unstyled">
      {/* Shares the row (wrapping only when even the minimum widths do not fit), so that '31日' is never cut off at 375 px. */}
      <Group gap={6} wrap="wrap">
        <NativeSelect
          aria-label={`${t.fields.birthday} ${m.birthdayYear}`}
          data={[
            { value: '', label: m.birthdayYear },
            ...years.map((yy) => ({ value: yy, label: lang === 'en' ? yy : `${yy}年` })),
          ]}
          value={parts.y}
          onChange={(e) => change('y', e.currentTarget.value)}
          error={Boolean(error)}
          aria-describedby={error ? 'birthday-error' : undefined}
          style={{ flex: '4 1 0', minWidth: 92, maxWidth: 130 }}
          rightSectionWidth={26}
          required
        />
        <NativeSelect
          aria-label={`${t.fields.birthday} ${m.birthdayMonth}`}
          data={[
            { value: '', label: m.birthdayMonth },
            ...Array.from({ length: 12 }, (_, i) => ({
              value: two(i + 1),
              label: lang === 'en' ? (MONTHS_EN[i] ?? String(i + 1)) : `${i + 1}月`,
            })),
          ]}
          value={parts.m}
          onChange={(e) => change('m', e.currentTarget.value)}
          error={Boolean(error)}
          style={{ flex: '3 1 0', minWidth: 74, maxWidth: 100 }}
          rightSectionWidth={26}
          required
        />
        <NativeSelect
          aria-label={`${t.fields.birthday} ${m.birthdayDay}`}
          data={[
            { value: '', label: m.birthdayDay },
            ...Array.from({ length: 31 }, (_, i) => ({
              value: two(i + 1),
              label: lang === 'en' ? String(i + 1) : `${i + 1}日`,
            })),
          ]}
          value={parts.d}
          onChange={(e) => change('d', e.currentTarget.value)}
          error={Boolean(error)}
          style={{ flex: '3 1 0', minWidth: 74, maxWidth: 100 }}
          rightSectionWidth={26}
          required
        />
      </Group>
      {error ? (
        <Text id="birthday-error" c="red.8" size="xs" mt={4} role="alert">
          {error}
        </Text>
      ) : null}
    </Fieldset>
  );
}

function QualificationsField({ form }: { form: Form }) {
  const { t } = useI18n();
  return (
    <Controller
      control={form.control}
      name="simulation_qualification"
      render={({ field, fieldState }) => (
        <Checkbox.Group
          label={t.fields.simulationQualification}
          description={t.account.register.qualificationHint}
          withAsterisk
          value={field.value}
          onChange={(next) => {
            // 'none' excludes the others: the newest choice wins.
            const added = next.find((q) => !field.value.includes(q));
            field.onChange(added === 'none' ? ['none'] : next.filter((q) => q !== 'none'));
          }}
          error={fieldState.error?.message}
        >
          <Group mt="xs" gap="lg">
            {SIMULATION_QUALIFICATIONS.map((q) => (
              <Checkbox key={q} value={q} label={t.qualifications[q]} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    />
  );
}

function AddressLookup({ form }: { form: Form }) {
  const { t } = useI18n();
  const postal = useWatch({ control: form.control, name: 'postal_code' });
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    form.clearErrors('postal_code');
    try {
      const items = await lookupAddress(normalizePostalCode(postal));
      const first = items[0];
      if (first) {
        form.setValue('area', String(first.area.id), { shouldValidate: true });
        form.setValue('district', first.district, { shouldValidate: true });
      }
    } catch (error) {
      const message =
        error instanceof ApiRequestError
          ? (error.errors.postal_code?.[0] ?? error.message)
          : t.errors.generic;
      form.setError('postal_code', { type: 'server', message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      onClick={() => void run()}
      disabled={!postal.trim()}
      loading={busy}
      mt={{ base: 0, sm: 25 }}
    >
      {t.account.register.lookup}
    </Button>
  );
}

/**
 * A prefecture select of the profile. The prefectures come from the server: when they arrive only the two
 * selects are drawn again, not the whole form (a long task on a phone, issue 20). The select is
 * uncontrolled: a value set before its option existed shows the placeholder, so the stored value is put
 * back when they arrive (issue 13 §6).
 */
function AreaSelect(props: {
  form: Form;
  name: 'work_area' | 'area';
  label: string;
  autoComplete?: string;
  error?: string;
}) {
  const { form, name } = props;
  const { t } = useI18n();
  const areas = useQuery(areasQuery());
  useEffect(() => {
    if (areas.data) form.setValue(name, form.getValues(name));
  }, [areas.data, form, name]);
  const data = [
    { value: '', label: t.account.register.selectPlaceholder },
    ...(areas.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
  ];
  return (
    <NativeSelect
      label={props.label}
      required
      data={data}
      autoComplete={props.autoComplete}
      {...form.register(name)}
      error={props.error}
    />
  );
}

/** The name fields in their order: written, in kana and in Latin letters, each normalised on blur. */
const NAME_FIELDS: ReadonlyArray<{
  name:
    | 'last_name'
    | 'first_name'
    | 'last_name_kana'
    | 'first_name_kana'
    | 'last_name_alpha'
    | 'first_name_alpha';
  label: 'lastName' | 'firstName' | 'lastNameKana' | 'firstNameKana' | 'lastNameAlpha' | 'firstNameAlpha';
  hint?: 'kanaHint' | 'alphaHint';
  autoComplete?: string;
  normalize?: (value: string) => string;
}> = [
  { name: 'last_name', label: 'lastName', autoComplete: 'family-name' },
  { name: 'first_name', label: 'firstName', autoComplete: 'given-name' },
  { name: 'last_name_kana', label: 'lastNameKana', hint: 'kanaHint', normalize: normalizeKana },
  { name: 'first_name_kana', label: 'firstNameKana', hint: 'kanaHint', normalize: normalizeKana },
  {
    name: 'last_name_alpha',
    label: 'lastNameAlpha',
    hint: 'alphaHint',
    autoComplete: 'off',
    normalize: normalizeAlpha,
  },
  {
    name: 'first_name_alpha',
    label: 'firstNameAlpha',
    hint: 'alphaHint',
    autoComplete: 'off',
    normalize: normalizeAlpha,
  },
];

/** The profile inputs, grouped as a Japanese registration form is: name, work, address, personal data. */
export function ProfileFields({ form }: { form: Form }) {
  const { t } = useI18n();
  const m = t.account.register;
  const errors = form.formState.errors;
  const occupation = useWatch({ control: form.control, name: 'occupation' });
  const reg = form.register;
  return (
    <>
      {/* On /register's prerendered page the names are drawn in a task of their own, their prerendered
          fields on screen until then (decision 074); elsewhere at once. */}
      <DeferredSection name="profile-names">
        <Fieldset legend={m.sectionName}>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {NAME_FIELDS.map((field) => (
              <TextInput
                key={field.name}
                label={t.fields[field.label]}
                required
                description={field.hint && m[field.hint]}
                autoComplete={field.autoComplete}
                {...reg(field.name, blurWith(form, field.name, field.normalize))}
                error={errors[field.name]?.message}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      </DeferredSection>
      <DrawnLater reserve={{ base: 407, xs: 275 }}>
        <Fieldset legend={m.sectionWork}>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NativeSelect
              label={t.fields.occupation}
              required
              data={[
                { value: '', label: m.selectPlaceholder },
                ...OCCUPATIONS.map((o) => ({ value: String(o.id), label: t.occupations[o.key] })),
              ]}
              {...reg('occupation')}
              error={errors.occupation?.message}
            />
            {occupation === String(OCCUPATION_ID.doctor) ? (
              <NativeSelect
                label={t.fields.medicalDepartment}
                required
                data={[
                  { value: '', label: m.selectPlaceholder },
                  ...MEDICAL_DEPARTMENTS.map((d) => ({ value: String(d.id), label: t.departments[d.key] })),
                ]}
                {...reg('medical_department')}
                error={errors.medical_department?.message}
              />
            ) : (
              <Box visibleFrom="xs" />
            )}
          </SimpleGrid>
          {/* Each group below in a task of its own (decision 077). */}
          <DrawnAfter>
            <Box mt="md">
              <QualificationsField form={form} />
            </Box>
          </DrawnAfter>
          <DrawnAfter>
            <SimpleGrid cols={{ base: 1, xs: 2 }} mt="md">
              <TextInput
                label={t.fields.locationWork}
                required
                autoComplete="organization"
                {...reg('location_work', blurWith(form, 'location_work'))}
                error={errors.location_work?.message}
              />
              <AreaSelect
                form={form}
                name="work_area"
                label={t.fields.workArea}
                error={errors.work_area?.message}
              />
            </SimpleGrid>
          </DrawnAfter>
        </Fieldset>
      </DrawnLater>
      <DrawnLater reserve={{ base: 511, xs: 387 }}>
        <Fieldset legend={m.sectionContact}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t.fields.postalCode}
              required
              description={m.lookupHelp}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={8}
              w={200}
              {...reg('postal_code', {
                ...blurWith(form, 'postal_code', normalizePostalCode),
                onChange: () => {
                  // A new postal code makes the looked-up prefecture and district stale.
                  form.setValue('area', '');
                  form.setValue('district', '');
                },
              })}
              error={errors.postal_code?.message}
            />
            <AddressLookup form={form} />
          </Group>
          <DrawnAfter>
            <SimpleGrid cols={{ base: 1, xs: 2 }} mt="md">
              <AreaSelect
                form={form}
                name="area"
                label={t.fields.area}
                autoComplete="address-level1"
                error={errors.area?.message}
              />
              <TextInput
                label={t.fields.district}
                required
                autoComplete="address-level2"
                {...reg('district', blurWith(form, 'district'))}
                error={errors.district?.message}
              />
            </SimpleGrid>
            <TextInput
              mt="md"
              label={t.fields.address}
              required
              autoComplete="address-line1"
              {...reg('address', blurWith(form, 'address'))}
              error={errors.address?.message}
            />
          </DrawnAfter>
          <DrawnAfter>
            <Fieldset legend={m.phoneLabel} variant="unstyled" mt="md">
              <Group gap={6} wrap="nowrap" align="flex-start">
                {(['phone_1', 'phone_2', 'phone_3'] as const).map((name, i) => (
                  <Group key={name} gap={6} wrap="nowrap" align="center">
                    {i > 0 ? <Text aria-hidden>-</Text> : null}
                    <TextInput
                      aria-label={`${t.fields.phone} ${i + 1}`}
                      required
                      inputMode="tel"
                      maxLength={5}
                      w={{ base: 72, xs: 84 }}
                      {...reg(name, blurWith(form, name, normalizePhonePart))}
                      error={errors[name]?.message}
                    />
                  </Group>
                ))}
              </Group>
            </Fieldset>
          </DrawnAfter>
        </Fieldset>
      </DrawnLater>
      <DrawnLater reserve={193}>
        <Fieldset legend={m.sectionPersonal}>
          <Controller
            control={form.control}
            name="gender"
            render={({ field, fieldState }) => (
              <Radio.Group
                label={t.fields.gender}
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              >
                <Group mt="xs">
                  <Radio value="0" label={t.gender[0]} />
                  <Radio value="1" label={t.gender[1]} />
                </Group>
              </Radio.Group>
            )}
          />
          <DrawnAfter>
            <Box mt="md">
              <BirthdayField form={form} />
            </Box>
          </DrawnAfter>
        </Fieldset>
      </DrawnLater>
    </>
  );
}

export { blurWith, normalizeEmail };
