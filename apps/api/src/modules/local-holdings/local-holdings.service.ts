import { publicFormMessages, type LocalHoldingRegister } from '@mels/domain';
import { fieldError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { mailSite } from '../../lib/mail-templates/layout.ts';
import type { Deps } from '../../plugins/deps.ts';
import { officeNewHoldingMail, secretariatReceivedMail } from './local-holdings.mails.ts';
import { emailTaken, insertLocalHolding, isDuplicateEmailError } from './local-holdings.repository.ts';

const duplicateEmail = () => fieldError('secretariat_email', publicFormMessages.emailTaken);

/**
 * Registers an organisation as awaiting the office's approval (status 0), with the password hashed,
 * then mails the secretariat and the office. A taken email (any case) is a field error; the unique
 * index catches two registrations racing with the same email.
 */
export async function registerLocalHolding(
  deps: Pick<Deps, 'db' | 'mailer' | 'config'>,
  input: LocalHoldingRegister,
) {
  if (await emailTaken(deps.db, input.secretariat_email)) throw duplicateEmail();
  const passwordHash = await hashPassword(input.secretariat_password);
  let row;
  try {
    row = await insertLocalHolding(deps.db, {
      organization: input.organization,
      secretariatName: input.secretariat_name,
      secretariatAddress: input.secretariat_address,
      secretariatPhone: input.secretariat_phone,
      secretariatEmail: input.secretariat_email,
      passwordHash,
    });
  } catch (error) {
    if (isDuplicateEmailError(error)) throw duplicateEmail();
    throw error;
  }
  const { secretariat_password: _password, ...details } = input;
  const holding = { ...details, id: row.id };
  await deps.mailer.send(secretariatReceivedMail(holding, mailSite(deps.config)));
  await deps.mailer.send(officeNewHoldingMail(holding, deps.config.officeEmail, mailSite(deps.config)));
  return row;
}
