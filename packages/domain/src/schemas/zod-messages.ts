import { z } from 'zod';
import { message } from '../i18n/message.ts';

/**
 * zod's messages for any rule a schema did not give its own message: keys (forms.zod.*), resolved in the
 * reader's language like every other message (decision 027). Schemas in this package name their fields
 * and set messages; this is the safety net.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null || issue.input === ''
          ? 'forms.zod.required'
          : 'forms.zod.invalidType';
      case 'too_small':
        return issue.origin === 'string'
          ? message('forms.zod.tooShortText', String(issue.minimum))
          : message('forms.zod.tooSmall', String(issue.minimum));
      case 'too_big':
        return issue.origin === 'string'
          ? message('forms.zod.tooLongText', String(issue.maximum))
          : message('forms.zod.tooBig', String(issue.maximum));
      case 'invalid_format':
        return issue.format === 'email' ? 'validation.emailFormat' : 'forms.zod.invalidFormat';
      case 'unrecognized_keys':
        return 'validation.unknownField';
      case 'invalid_value':
        return 'forms.zod.invalidValue';
      default:
        return 'forms.zod.invalid';
    }
  },
});
