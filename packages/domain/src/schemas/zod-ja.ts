import { z } from 'zod';
import { ja } from '../i18n/ja.ts';

/**
 * Japanese fallback messages for zod, for any rule a schema did not give its own message.
 * Schemas in this package name their fields and set messages; this is the safety net.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null || issue.input === ''
          ? '入力してください'
          : '値の形式が正しくありません';
      case 'too_small':
        return issue.origin === 'string'
          ? `${String(issue.minimum)}文字以上で入力してください`
          : `${String(issue.minimum)}以上で指定してください`;
      case 'too_big':
        return issue.origin === 'string'
          ? `${String(issue.maximum)}文字以下で入力してください`
          : `${String(issue.maximum)}以下で指定してください`;
      case 'invalid_format':
        return issue.format === 'email' ? ja.validation.emailFormat : '形式が正しくありません';
      case 'unrecognized_keys':
        return ja.validation.unknownField;
      case 'invalid_value':
        return '選択された値が正しくありません';
      default:
        return '値が正しくありません';
    }
  },
});
