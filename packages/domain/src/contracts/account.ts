import { z } from 'zod';
import { idParamSchema } from '../schemas/common.ts';
import {
  addressItemSchema,
  addressQuerySchema,
  authResponseSchema,
  emailChangeConfirmSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  profileUpdateResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  userProfileSchema,
} from '../schemas/users.ts';
import { defineArea } from './define.ts';

const message = messageResponseSchema.shape.data;

export const users = defineArea('users', {
  register: { body: registerRequestSchema, data: authResponseSchema.shape.data },
  login: { body: loginRequestSchema, data: authResponseSchema.shape.data },
  logout: { data: message },
  logoutAll: { data: message },
  me: { data: userProfileSchema },
  get: { params: idParamSchema, data: userProfileSchema },
  update: { data: profileUpdateResponseSchema.shape.data },
  forgotPassword: { body: forgotPasswordRequestSchema, data: message },
  confirmEmailChange: {
    body: emailChangeConfirmSchema,
    data: z.object({ message: z.string(), email: z.string() }),
  },
  resetPassword: { body: resetPasswordRequestSchema, data: message },
});

export const avatars = defineArea('avatars', { get: { params: z.object({ file: z.string() }) } });

export const address = defineArea('address', {
  lookup: { query: addressQuerySchema, data: z.array(addressItemSchema) },
});
