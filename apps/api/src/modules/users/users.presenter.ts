import { birthdayFromIso, type UserProfile } from '@mels/domain';
import { avatarUrl } from '../../lib/avatar.ts';
import type { UserRow } from './users.repository.ts';

/** The profile as its owner sees it: never the password hash, tokens or internal flags. */
export function presentUser(u: UserRow): UserProfile {
  return {
    id: u.id,
    email: u.email,
    last_name: u.lastName,
    first_name: u.firstName,
    last_name_kana: u.lastNameKana,
    first_name_kana: u.firstNameKana,
    last_name_alpha: u.lastNameAlpha,
    first_name_alpha: u.firstNameAlpha,
    fullname: `${u.lastName} ${u.firstName}`,
    fullname_kana: `${u.lastNameKana} ${u.firstNameKana}`,
    occupation: u.occupation,
    medical_department: u.medicalDepartment,
    simulation_qualification: u.simulationQualification,
    location_work: u.locationWork,
    work_area: u.workAreaId,
    postal_code: u.postalCode,
    area: u.areaId,
    district: u.district,
    address: u.address,
    phone: u.phone,
    gender: u.gender,
    birthday: birthdayFromIso(u.birthday),
    avatar: avatarUrl(u.avatarPath),
    role: u.role === 'office' ? 'office' : u.role === 'host' ? 'host' : 'member',
    office_role: u.role === 'office' ? (u.officeRole ?? null) : null,
    language: u.language === 'en' ? 'en' : 'ja',
  };
}
