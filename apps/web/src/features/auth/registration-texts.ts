import { i18next } from '../../lib/i18n';

/** Texts of the registration page and the reset by mobile (spec 3 §2.12, §5, §8, §9; spec 1-core §4). They travel
 * with those pages' chunks, not with the first visit to /home (DESIGN §5 budget); both languages side by side. */
export const REGISTRATION_TEXTS = {
  Register_Title: ['注册账号', 'Register'],
  Register_Submit: ['注册', 'Register'],
  Register_Closed: ['本站暂未开放注册', 'Registration is closed on this site'],
  Account_Have_One: ['已有账号？去登录', 'Have an account? Log in'],
  Account_Back_To_Login: ['返回登录', 'Back to login'],
  Reg_Password: ['密码', 'Password'],
  Reg_Realname: ['真实姓名', 'Real name'],
  Reg_City: ['城市', 'City'],
  Reg_School: ['学校', 'School'],
  Reg_Grade: ['年级', 'Grade'],
  Reg_Mobile: ['手机号', 'Mobile'],
  Reg_Email: ['邮箱', 'E-mail'],
  Reg_Captcha: ['图形验证码', 'Captcha'],
  Reg_Captcha_Image: ['图形验证码，点击刷新', 'Captcha image, click to refresh'],
  Reg_Sms_Code: ['短信验证码', 'SMS code'],
  Reg_Email_Code: ['邮箱验证码', 'E-mail code'],
  Reg_Send_Code: ['发送验证码', 'Send code'],
  Reg_Resend_In: ['{{seconds}} 秒后重发', 'Resend in {{seconds}} s'],
  Reg_Code_Sent: ['验证码已发送', 'The code has been sent'],
  Reg_Required: ['{{field}}不能为空', '{{field}} is required'],
  Reg_Too_Long: ['{{field}}最多 {{max}} 个字符', '{{field}} may be at most {{max}} characters'],
  Reg_Mobile_Invalid: ['请输入正确的手机号或座机号', 'Enter a valid mobile or landline number'],
  Reg_Email_Invalid: ['请输入正确的邮箱地址', 'Enter a valid e-mail address'],
  Reg_Sms_Code_Length: ['验证码为 6 位数字', 'The code is 6 digits'],
  Reg_Captcha_Length: ['图形验证码为 1 到 8 个字符', 'The captcha is 1 to 8 characters'],
  Reg_Thanks: ['感谢注册', 'Thanks for registering'],
  Reg_Wait_Approval: [
    '注册申请已提交，请等待管理员审核，审核通过后即可登录。',
    "Your registration has been sent. Please wait for an administrator's approval; you can log in once it is approved.",
  ],
  Reg_Approved: ['注册成功，现在就可以登录了。', 'Your account is ready: you may log in now.'],
  Reg_Login_Now: ['立即登录', 'Log in now'],
  Reg_Ok: ['知道了', 'OK'],
  // Reset password (spec 1-core §4 "Password reset", spec 3 §2.12)
  Reset_By_Email: ['通过邮箱', 'By e-mail'],
  Reset_By_Mobile: ['通过手机', 'By mobile'],
  Reset_Title: ['重置密码', 'Reset password'],
  Reset_New_Password: ['新密码', 'New password'],
  Reset_Password_Again: ['再次输入密码', 'Password again'],
  Reset_Password_Mismatch: ['两次输入的密码不一致', 'Password does not match'],
  Reset_Done: ['你的密码已重置', 'Your password has been reset'],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

/** Adds the texts to both languages once (called by the pages that use them). */
export const registerRegistrationTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(REGISTRATION_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
