import { z } from 'zod';
import { endpoint } from '../api.js';
import { LIMITS } from '../limits.js';

export const userInfo = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  email: z.string().nullable(),
  number: z.string().nullable(),
  gender: z.string().nullable(),
  school: z.string().nullable(),
  course: z.string().nullable(),
  signature: z.string().nullable(),
  realname: z.string().nullable(),
  github: z.string().nullable(),
  blog: z.string().nullable(),
  cfUsername: z.string().nullable(),
  roleList: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginBody = z.object({
  username: z
    .string({ error: 'Username_Check_Required' })
    .trim()
    .min(1, { error: 'Username_Check_Required' })
    .max(LIMITS.usernameMax, { error: 'Username_Check_Max' }),
  password: z
    .string({ error: 'Password_Check_Required' })
    .min(1, { error: 'Password_Check_Required' })
    .min(LIMITS.passwordMin, { error: 'Password_Check_Between' })
    .max(LIMITS.passwordMax, { error: 'Password_Check_Between' }),
});

export const login = endpoint({
  method: 'POST',
  path: '/api/login',
  access: 'public',
  input: loginBody,
  output: userInfo,
});
export const adminLogin = endpoint({
  method: 'POST',
  path: '/api/admin/login',
  access: 'public',
  input: loginBody,
  output: userInfo,
});
export const logout = endpoint({
  method: 'GET',
  path: '/api/logout',
  access: 'user',
  input: z.object({}),
  output: z.null(),
});
export const adminLogout = endpoint({
  method: 'GET',
  path: '/api/admin/logout',
  access: 'user',
  input: z.object({}),
  output: z.null(),
});
export const getUserAuthInfo = endpoint({
  method: 'GET',
  path: '/api/get-user-auth-info',
  access: 'user',
  input: z.object({}),
  output: z.object({ roles: z.array(z.string()), permissions: z.array(z.string()) }),
});
export const captcha = endpoint({
  method: 'GET',
  path: '/api/captcha',
  access: 'public',
  input: z.object({}),
  output: z.object({ img: z.string(), captchaKey: z.string() }),
});
