/** Server message keys (DESIGN §7 "Errors"): the server answers in zh-CN or en-US by Accept-Language;
 * tests assert keys and statuses, not wording. Validation keys double as the spec's client message keys. */
export const MESSAGES = {
  success: { 'zh-CN': '成功', 'en-US': 'success' },
  loginFailed: { 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong username or password' },
  userBanned: {
    'zh-CN': '该账户已被封禁，请联系管理员',
    'en-US': 'This account has been banned; contact an administrator',
  },
  noLoginPermission: { 'zh-CN': '抱歉，您没有权限登录', 'en-US': 'Sorry, you have no permission to log in' },
  notAdminAccount: { 'zh-CN': '该账户不是管理员账户', 'en-US': 'This is not an admin account' },
  loginLocked: {
    'zh-CN': '登录失败次数过多，请30分钟后再试',
    'en-US': 'Too many failed logins; try again in 30 minutes',
  },
  pleaseLogin: { 'zh-CN': '请先登录', 'en-US': 'Please login first' },
  sessionExpired: { 'zh-CN': '登录状态已失效，请重新登录', 'en-US': 'Login state expired, please log in again' },
  forbidden: { 'zh-CN': '对不起，您无权进行此操作', 'en-US': 'Sorry, you are not allowed to do this' },
  areaClosed: { 'zh-CN': '该功能已被管理员关闭', 'en-US': 'This feature has been switched off by the administrator' },
  notFound: { 'zh-CN': '请求的资源不存在', 'en-US': 'The requested resource does not exist' },
  serverError: { 'zh-CN': '服务器错误，请稍后重试', 'en-US': 'Server error, please try again later' },
  badRequest: { 'zh-CN': '参数错误', 'en-US': 'Bad request' },
  tooManyRequests: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests, please try again later' },
  judgeUnavailable: {
    'zh-CN': '暂无可用的评测机，请稍后再试',
    'en-US': 'No judge is available right now; please try again later',
  },
  noJudge: {
    'zh-CN': '评测已暂停：没有在线的评测机',
    'en-US': 'Judging is paused: no judge is online',
  },
  noLanguage: {
    'zh-CN': '评测已暂停：评测机缺少沙箱或编译器，请在服务器上运行 npm run judge -- doctor',
    'en-US': 'Judging is paused: the judge lacks its sandbox or compilers; run `npm run judge -- doctor` on the server',
  },
  captchaWrong: { 'zh-CN': '验证码错误或已过期', 'en-US': 'The captcha is wrong or has expired' },
  Username_Check_Required: { 'zh-CN': '用户名不能为空', 'en-US': 'The username is required' },
  Username_Check_Max: { 'zh-CN': '用户名长度不能超过20位', 'en-US': 'The username may be at most 20 characters' },
  Password_Check_Required: { 'zh-CN': '密码不能为空', 'en-US': 'The password is required' },
  Password_Check_Between: { 'zh-CN': '密码长度应为6~20位', 'en-US': 'The password must be 6 to 20 characters' },
  fieldRequired: { 'zh-CN': '{field} 不能为空', 'en-US': '{field} is required' },
  fieldInvalid: { 'zh-CN': '{field} 不合法：{rule}', 'en-US': '{field} is invalid: {rule}' },
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Locale = 'zh-CN' | 'en-US';
export const isMessageKey = (k: string): k is MessageKey => Object.hasOwn(MESSAGES, k);

export const message = (key: MessageKey, locale: Locale, vars: Record<string, string> = {}) =>
  MESSAGES[key][locale].replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');

/** Accept-Language → locale: Chinese when it prefers zh, otherwise English; zh-CN when absent. */
export const localeOf = (acceptLanguage: string | undefined): Locale => {
  if (!acceptLanguage) return 'zh-CN';
  return acceptLanguage.trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
};
