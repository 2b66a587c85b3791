import type { ClaimMessages } from './claim-ja.ts';

/** Data transfer: claiming a certificate of the older system by its code. */
export const claimEn: ClaimMessages = {
  title: 'Data transfer',
  lead: 'If you attended a course under the previous system, enter your attendance code or certification number to move your certificate to this portal. Transferred certificates can be viewed and downloaded from My page at any time.',
  course: 'Course',
  courseRequired: 'Course is required',
  coursePlaceholder: 'Select',
  noCourses: 'There are no courses to transfer',
  method: 'What you have',
  methodAttendance: 'Attendance code',
  methodAttendanceNote: 'The code starting with “A” you received when you attended',
  methodCertificate: 'Certification number',
  methodCertificateNote: 'The number starting with “B” or “BI” printed on your certificate',
  next: 'Next',
  back: 'Back',
  forgotLink: 'I do not know my certification number',
  backToStart: 'Back to data transfer',
  code: {
    attendanceTitle: 'Enter your attendance code',
    certificateTitle: 'Enter your certification number',
    attendanceLabel: 'Attendance code',
    certificateLabel: 'Certification number',
    attendanceHelp:
      'Enter the attendance code you received when you attended (e.g. A2020-000123). Full-width characters are accepted.',
    certificateHelp:
      'Enter the certification number printed on your certificate (e.g. B2020-004512). Full-width characters are accepted.',
    attendanceRequired: 'Attendance code is required',
    certificateRequired: 'certification number is required',
    submit: 'Check',
    notFoundHelp:
      'If the number is correct but cannot be found, please contact the office with the course, the date you attended and your name.',
    emailTitle: 'Confirm your email address',
    emailLead:
      'Your registered email address differs from the one used when you attended. Please enter the email address you used then.',
    emailLabel: 'Email address used when attending',
    emailRequired: 'Email address is required',
    emailSubmit: 'Confirm email address',
    emailCancel: 'Back to the number',
  },
  confirm: {
    title: 'Confirm your attendance',
    lead: 'Please check the details below and press “Next”.',
    course: 'Course',
    holder: 'Name',
    participated: 'Date attended',
    fee: 'Certificate fee',
    free: 'Free',
    consent: 'I agree to the handling of personal information',
    consentRequired: 'Please agree to the handling of personal information',
    payTitle: 'Pay the certificate fee',
    showCertificate: 'Show the certificate',
  },
  certificate: {
    title: 'Certificate',
    number: 'Certification number',
    holder: 'Name',
    frameTitle: 'Certificate (PDF)',
    download: 'Download PDF',
    downloaded: 'The download has started.',
    completeTitle: 'The data transfer is complete',
    completeBody: 'Your transferred certificate can be found under Activities on My page at any time.',
    toActivities: 'Go to my activities',
  },
  forgot: {
    title: 'If you do not know your certification number',
    lead: 'The certification number is printed at the top right of the certificate you received when you completed the course.',
    attendance:
      'If you do not have the certificate, you can use your attendance code instead. It is shown on your admission ticket and in the course guidance email.',
    toAttendance: 'Use the attendance code',
    contact:
      'If you do not know the attendance code either, please contact the office with the course, the date you attended and your name.',
    contactLink: 'Contact form',
  },
  errorTitle: 'The certificate could not be shown',
  missingState: 'Please start again from the code.',
};
