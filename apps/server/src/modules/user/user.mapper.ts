import type { UserInfo } from '@oj/shared';
import type { UserRow } from './user.repository.js';

/** Field by field, so a password hash can never reach an answer by accident. */
export const toUserInfo = (u: UserRow, roleList: string[]): UserInfo => ({
  uid: u.uid,
  username: u.username,
  nickname: u.nickname,
  avatar: u.avatar,
  titleName: u.titleName,
  titleColor: u.titleColor,
  email: u.email,
  number: u.number,
  gender: u.gender,
  school: u.school,
  course: u.course,
  signature: u.signature,
  realname: u.realname,
  github: u.github,
  blog: u.blog,
  cfUsername: u.cfUsername,
  roleList,
});
