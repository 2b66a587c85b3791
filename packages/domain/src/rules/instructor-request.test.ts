import { describe, expect, it } from 'vitest';
import {
  holdsSimulationQualification,
  instructorRequestEligibility,
  pledgeVariant,
  type PledgeVariant,
} from './instructor-request.ts';

/** The clock, pinned: today in Japan. */
const TODAY = '2026-11-24';

const OCC = { doctor: 1, midwife: 2, nurse: 3, assistantNurse: 4, paramedic: 5, student: 6, other: 7 };
const DEPARTMENTS = [null, 1, 2, 3, 4, 5, 6, 7] as const;
const QUALIFICATIONS = ['none', '', 'ICLS', 'ICLS,JATEC', 'none,ACLS'] as const;

/** The expected pledge for every occupation × department × qualification (spec 001 §4, decision 029). */
function expectedVariant(
  occupation: number,
  department: number | null,
  qualified: boolean,
): PledgeVariant | 'occupation' | 'assistantNurse' | 'department' {
  const table: Record<number, PledgeVariant | 'occupation' | 'assistantNurse' | 'byDepartment' | 'byQual'> = {
    [OCC.doctor]: 'byDepartment',
    [OCC.midwife]: 'midwifeNurse',
    [OCC.nurse]: 'midwifeNurse',
    [OCC.assistantNurse]: 'assistantNurse',
    [OCC.paramedic]: 'byQual',
    [OCC.student]: 'occupation',
    [OCC.other]: 'occupation',
  };
  const row = table[occupation]!;
  if (row === 'byQual') return qualified ? 'paramedicQualified' : 'paramedic';
  if (row !== 'byDepartment') return row;
  const doctors: Record<string, PledgeVariant | 'department' | 'acute'> = {
    null: 'department',
    1: 'doctor',
    2: 'doctor',
    3: 'acute',
    4: 'acute',
    5: 'acute',
    6: 'department',
    7: 'doctor',
  };
  const d = doctors[String(department)]!;
  if (d === 'acute') return qualified ? 'doctorAcuteQualified' : 'doctorAcute';
  return d;
}

const REQUIRED: Record<PledgeVariant, number> = {
  doctor: 1,
  doctorAcuteQualified: 1,
  doctorAcute: 3,
  paramedicQualified: 1,
  paramedic: 5,
  midwifeNurse: 3,
};

/** Course days by how long ago (the 'years' axis), with the year's end and what is missing because of it. */
const COURSES = [
  { label: 'never', day: null, until: null, missing: ['course'] },
  { label: '3 months ago', day: '2026-08-24', until: '2027-08-24', missing: ['year'] },
  { label: 'one year ago to the day', day: '2025-11-24', until: '2026-11-24', missing: [] },
  { label: '14 months ago', day: '2025-09-24', until: '2026-09-24', missing: [] },
  { label: '3 years ago', day: '2023-11-01', until: '2024-11-01', missing: [] },
] as const;

/** Assistant session days for a course day: n inside the counting year (up to today). */
function sessionsInside(course: string | null, n: number): string[] {
  if (!course) return Array.from({ length: n }, (_, i) => `2026-0${i + 1}-10`);
  const [y, m] = course.split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const month = m + 1 + (i % 2);
    const year = y + Math.floor((month - 1) / 12);
    const mm = ((month - 1) % 12) + 1;
    return `${year}-${String(mm).padStart(2, '0')}-${String(10 + i).padStart(2, '0')}`;
  }).filter((d) => d <= TODAY);
}

describe('holdsSimulationQualification', () => {
  it.each([
    ['none', false],
    ['', false],
    [' none ', false],
    ['ICLS', true],
    ['ICLS,ACLS', true],
    ['none,JATEC', true],
    ['NONE', false],
  ])('%j → %s', (value, expected) => {
    expect(holdsSimulationQualification(value)).toBe(expected);
  });
});

describe('pledgeVariant: every occupation × department × qualification', () => {
  for (const [name, occupation] of Object.entries(OCC))
    for (const department of DEPARTMENTS)
      for (const qualification of QUALIFICATIONS) {
        const qualified =
          qualification === 'ICLS' || qualification.includes('JATEC') || qualification.includes('ACLS');
        const expected = expectedVariant(occupation, department, qualified);
        it(`${name} / department ${department} / '${qualification}' → ${expected}`, () => {
          const got = pledgeVariant({
            occupation,
            medicalDepartment: department,
            simulationQualification: qualification,
          });
          if (expected in REQUIRED) expect(got).toEqual({ ok: true, variant: expected });
          else expect(got).toEqual({ ok: false, reason: expected });
        });
      }
});

describe('instructorRequestEligibility: occupation × department × qualification × years × assistant count', () => {
  for (const [name, occupation] of Object.entries(OCC))
    for (const department of DEPARTMENTS)
      for (const qualification of ['none', 'ICLS'] as const)
        for (const course of COURSES)
          for (const count of [0, 1, 3, 5]) {
            const expected = expectedVariant(occupation, department, qualification === 'ICLS');
            const days = sessionsInside(course.day, count);
            it(`${name}/${department}/${qualification}, course ${course.label}, ${count} sessions`, () => {
              const got = instructorRequestEligibility({
                occupation,
                medicalDepartment: department,
                simulationQualification: qualification,
                courseCompletedOn: course.day,
                assistantSessionDays: days,
                today: TODAY,
              });
              if (!(expected in REQUIRED)) {
                expect(got).toEqual({ kind: 'notEligible', reason: expected });
                return;
              }
              const variant = expected as PledgeVariant;
              const required = REQUIRED[variant];
              const counted = course.day ? days.length : 0;
              const missingSessions = Math.max(0, required - counted);
              const missing = [...course.missing, ...(missingSessions > 0 ? ['sessions'] : [])];
              expect(got).toMatchObject({
                kind: missing.length === 0 ? 'eligible' : 'unmet',
                variant,
                required,
                missingSessions,
                courseCompletedOn: course.day,
                requestFrom: course.until,
                missing,
              });
              if (got.kind !== 'notEligible') expect(got.counted).toHaveLength(counted);
            });
          }
});

describe('instructorRequestEligibility: which sessions count', () => {
  const base = {
    occupation: OCC.nurse,
    medicalDepartment: null,
    simulationQualification: 'none',
    courseCompletedOn: '2025-09-24',
    today: TODAY,
  };

  it('counts sessions after the course day and within the year after it, sorted', () => {
    const got = instructorRequestEligibility({
      ...base,
      assistantSessionDays: [
        '2026-09-24',
        '2025-09-24',
        '2025-12-01',
        '2024-05-01',
        '2026-09-25',
        '2026-03-03',
      ],
    });
    expect(got).toMatchObject({ kind: 'eligible', counted: ['2025-12-01', '2026-03-03', '2026-09-24'] });
  });

  it('a session on the course day itself, before it, after the year or after today does not count', () => {
    const got = instructorRequestEligibility({
      ...base,
      courseCompletedOn: '2026-08-24',
      assistantSessionDays: ['2026-08-24', '2026-07-01', '2026-12-01', '2026-10-10'],
    });
    expect(got).toMatchObject({
      kind: 'unmet',
      counted: ['2026-10-10'],
      missingSessions: 2,
      missing: ['year', 'sessions'],
      requestFrom: '2027-08-24',
    });
  });

  it('the day before the year is up is still too early; the day itself is not', () => {
    const sessions = ['2025-12-01', '2026-01-01', '2026-02-01'];
    expect(
      instructorRequestEligibility({
        ...base,
        courseCompletedOn: '2025-11-25',
        assistantSessionDays: sessions,
      }),
    ).toMatchObject({ kind: 'unmet', missing: ['year'] });
    expect(
      instructorRequestEligibility({
        ...base,
        courseCompletedOn: '2025-11-24',
        assistantSessionDays: sessions,
      }),
    ).toMatchObject({ kind: 'eligible', missing: [] });
  });

  it('a course on 29 February counts its year to 28 February', () => {
    const got = instructorRequestEligibility({
      ...base,
      courseCompletedOn: '2024-02-29',
      assistantSessionDays: ['2024-03-01', '2025-02-28', '2025-03-01'],
    });
    expect(got).toMatchObject({ requestFrom: '2025-02-28', counted: ['2024-03-01', '2025-02-28'] });
  });
});
