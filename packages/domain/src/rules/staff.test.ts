import { describe, expect, it } from 'vitest';
import { adminsAfter, mayManageStaff, mayRefund, type OfficeRole } from './staff.ts';

describe('mayRefund', () => {
  it.each<[OfficeRole | null, number, boolean]>([
    ['admin', 1_000_000, true],
    ['admin', 0, true],
    ['staff', 29_999, true],
    ['staff', 30_000, true],
    ['staff', 30_001, false],
    [null, 100, false],
  ])('%s refunding %d yen (limit 30000) → %s', (officeRole, amount, expected) => {
    expect(mayRefund({ officeRole, amount, staffLimit: 30_000 })).toBe(expected);
  });
});

describe('mayManageStaff', () => {
  it.each<[OfficeRole | null, boolean]>([
    ['admin', true],
    ['staff', false],
    [null, false],
  ])('%s → %s', (role, expected) => expect(mayManageStaff(role)).toBe(expected));
});

describe('adminsAfter', () => {
  it.each<[number, OfficeRole, OfficeRole | null, number]>([
    [1, 'admin', null, 0],
    [1, 'admin', 'staff', 0],
    [1, 'admin', 'admin', 1],
    [2, 'admin', null, 1],
    [1, 'staff', 'admin', 2],
    [1, 'staff', null, 1],
    [3, 'staff', 'staff', 3],
  ])('%d admins, %s → %s: %d left', (admins, from, to, expected) => {
    expect(adminsAfter({ admins, from, to })).toBe(expected);
  });
});
