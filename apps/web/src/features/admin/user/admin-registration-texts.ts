import { i18next } from '../../../lib/i18n';

/** Texts of the registration administration (waiting registrations, registration settings, SMS outbox; issue 22),
 * both languages side by side; they load with the admin user and configuration chunks only (DESIGN §5 budget). */
export const ADMIN_REGISTRATION_TEXTS = {
  Registrations: ['注册审核', 'Registrations'],
  Reg_State_Pending: ['待审核', 'Waiting'],
  Reg_State_Refused: ['已拒绝', 'Refused'],
  Reg_Search: ['搜索用户名、姓名、手机号或邮箱', 'Search username, real name, mobile or e-mail'],
  Reg_Username: ['用户名', 'Username'],
  Reg_Realname: ['真实姓名', 'Real name'],
  Reg_City: ['城市', 'City'],
  Reg_School: ['学校', 'School'],
  Reg_Grade: ['年级', 'Grade'],
  Reg_Mobile: ['手机号', 'Mobile'],
  Reg_Email: ['邮箱', 'E-mail'],
  Reg_Registered_At: ['注册时间', 'Registered at'],
  Reg_Approve: ['通过', 'Approve'],
  Reg_Refuse: ['拒绝', 'Refuse'],
  Reg_Approve_Selected: ['通过所选', 'Approve selected'],
  Reg_Refuse_Selected: ['拒绝所选', 'Refuse selected'],
  Reg_Refuse_Confirm: ['确定拒绝所选注册申请？', 'Refuse the chosen registrations?'],
  Reg_Decided: ['已处理 {{count}} 个注册申请', '{{count}} registrations updated'],
  // registration settings
  Registration_Config: ['注册设置', 'Registration settings'],
  Register_Method: ['注册方式', 'Registration method'],
  Register_Method_Mobile: ['手机号 + 短信验证码', 'Mobile and SMS code'],
  Register_Method_Email: ['邮箱 + 邮箱验证码', 'E-mail and e-mail code'],
  Register_Method_Tip: [
    '注册开关在上方“网站配置”中；关闭时不显示注册入口。',
    'The register switch is in the website configuration above; when it is off no register link shows.',
  ],
  Auto_Approve: ['自动通过注册', 'Approve registrations automatically'],
  Sms_Provider: ['短信服务', 'SMS provider'],
  Sms_Provider_Outbox: ['站内发件箱（不发送真实短信）', 'Outbox (no real text message is sent)'],
  Sms_Provider_Http: ['HTTP 短信网关', 'HTTP gateway'],
  Sms_Http_Url: ['网关地址', 'Gateway URL'],
  Sms_Http_Method: ['请求方法', 'Method'],
  Sms_Http_Headers: ['请求头（JSON）', 'Headers (JSON)'],
  Sms_Http_Headers_Tip: [
    '出于安全不回显；留空表示保持不变。',
    'Never shown again (they hold the gateway key); leave empty to keep them.',
  ],
  Sms_Http_Headers_Invalid: ['请求头须为 JSON 对象', 'The headers must be a JSON object'],
  Sms_Http_Body: ['请求体模板', 'Body template'],
  Sms_Http_Body_Tip: [
    '可用 {mobile}、{code}、{content} 占位。',
    'May use the placeholders {mobile}, {code} and {content}.',
  ],
  Sms_Http_Success: ['成功标志文本', 'Success text'],
  Sms_Http_Success_Tip: [
    '网关的应答包含此文本即视为发送成功；留空则只看 HTTP 状态。',
    "The send succeeded when the gateway's answer contains this text; empty: the HTTP status decides.",
  ],
  // SMS outbox
  Sms_Outbox: ['短信发件箱', 'SMS outbox'],
  Sms_Search_Mobile: ['按手机号搜索', 'Search by mobile'],
  Sms_Purpose: ['用途', 'Purpose'],
  Sms_Purpose_Register: ['注册', 'Registration'],
  Sms_Purpose_Reset: ['重置密码', 'Password reset'],
  Sms_Provider_Outbox_Short: ['站内发件箱', 'Outbox'],
  Sms_Content: ['内容', 'Content'],
  Sms_Provider_Col: ['服务', 'Provider'],
  Sms_Result: ['结果', 'Result'],
  Sms_Ok: ['成功', 'Sent'],
  Sms_Failed: ['失败', 'Failed'],
  Sms_Sent_At: ['时间', 'Time'],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

export const registerAdminRegistrationTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(ADMIN_REGISTRATION_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
