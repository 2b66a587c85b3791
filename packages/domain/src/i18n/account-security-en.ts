import type { AccountSecurityMessages } from './account-security-ja.ts';

/** The account's security: the current-password dialog, the sign-out of every device, refusals. */
export const accountSecurityEn: AccountSecurityMessages = {
  commonPassword: 'This password is too common and cannot be used.',
  currentPasswordWrong: 'The current password is not correct.',
  currentPasswordRequired: 'To change your email address or password, enter your current password.',
  currentPassword: 'Current password',
  confirmTitle: 'Confirm your current password',
  confirmLead: 'You are changing your email address or password. Enter your current password to continue.',
  confirmSubmit: 'Confirm and save',
  cancel: 'Cancel',
  logoutAllSection: 'Signed-in devices',
  logoutAllLead: 'If you are still signed in on other devices or browsers, you can sign out of all of them.',
  logoutAll: 'Sign out of all devices',
  logoutAllTitle: 'Sign out of all devices?',
  logoutAllBody:
    'You will be signed out on every device and browser, this one included. Log in again to continue.',
  logoutAllConfirm: 'Sign out',
  loggedOutAll: 'You were signed out of all devices.',
};
