/** The messages the web shows itself too (login validation, the no-permission notice): a catalogue of their own, so
 * the first page's bundle carries these few and not the whole server catalogue (it has a size budget). */
export const CLIENT_MESSAGES = {
  Username_Check_Required: { 'zh-CN': '用户名不能为空', 'en-US': 'The username is required' },
  Username_Check_Max: { 'zh-CN': '用户名长度不能超过20位', 'en-US': 'The username may be at most 20 characters' },
  Password_Check_Required: { 'zh-CN': '密码不能为空', 'en-US': 'The password is required' },
  Password_Check_Between: { 'zh-CN': '密码长度应为6~20位', 'en-US': 'The password must be 6 to 20 characters' },
  noLoginPermission: { 'zh-CN': '抱歉，您没有权限登录', 'en-US': 'Sorry, you have no permission to log in' },
} as const;

/** Server message keys: the server answers in zh-CN or en-US by Accept-Language;
 * tests assert keys and statuses, not wording. Validation keys double as HOJ's client message keys. */
export const MESSAGES = {
  ...CLIENT_MESSAGES,
  success: { 'zh-CN': '成功', 'en-US': 'success' },
  loginFailed: { 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong username or password' },
  userBanned: {
    'zh-CN': '该账户已被封禁，请联系管理员',
    'en-US': 'This account has been banned; contact an administrator',
  },
  notAdminAccount: { 'zh-CN': '该账户不是管理员账户', 'en-US': 'This is not an admin account' },
  // ---- login verification (hardening, part 2; decision 0014) ----
  loginVerificationRequired: {
    'zh-CN': '登录失败次数过多，请先完成安全验证',
    'en-US': 'Too many failed logins; complete the security check first',
  },
  loginVerificationInvalid: {
    'zh-CN': '安全验证已失效，请重新验证',
    'en-US': 'The security check has expired or was already used; please verify again',
  },
  loginTooFrequent: {
    'zh-CN': '该网络登录失败次数过多，请完成安全验证后再登录',
    'en-US': 'Too many failed logins from this network; complete the security check to log in',
  },
  slidePuzzleWrong: { 'zh-CN': '验证失败，请重试', 'en-US': 'Verification failed, please try again' },
  pleaseLogin: { 'zh-CN': '请先登录', 'en-US': 'Please login first' },
  sessionExpired: { 'zh-CN': '登录状态已失效，请重新登录', 'en-US': 'Login state expired, please log in again' },
  forbidden: { 'zh-CN': '对不起，您无权进行此操作', 'en-US': 'Sorry, you are not allowed to do this' },
  areaClosed: { 'zh-CN': '该功能已被管理员关闭', 'en-US': 'This feature has been switched off by the administrator' },
  notFound: { 'zh-CN': '请求的资源不存在', 'en-US': 'The requested resource does not exist' },
  serverError: { 'zh-CN': '服务器错误，请稍后重试', 'en-US': 'Server error, please try again later' },
  badRequest: { 'zh-CN': '参数错误', 'en-US': 'Bad request' },
  tooManyStreams: {
    'zh-CN': '打开的实时更新连接过多，请关闭一些页面后再试',
    'en-US': 'Too many live update streams are open; close some tabs and try again',
  },
  eventStreamOnly: {
    'zh-CN': '该接口只提供事件流（Accept: text/event-stream）',
    'en-US': 'This endpoint only answers an event stream (Accept: text/event-stream)',
  },
  ticketInvalid: {
    'zh-CN': '实时更新凭据无效、已过期或已被使用',
    'en-US': 'The live update ticket is invalid, expired or already used',
  },
  tooManyRequests: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests, please try again later' },
  notReadyDatabase: { 'zh-CN': '服务未就绪：数据库无法连接', 'en-US': 'Not ready: the database cannot be reached' },
  notReadyMigrations: {
    'zh-CN': '服务未就绪：数据库结构尚未升级到当前版本',
    'en-US': 'Not ready: the database has not been migrated to this version',
  },
  notReadyJudge: { 'zh-CN': '服务未就绪：没有已连接的评测机', 'en-US': 'Not ready: no judge is connected' },
  notReadyStopping: { 'zh-CN': '服务未就绪：正在停止', 'en-US': 'Not ready: this server is shutting down' },
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
  // ---- registration and reset by mobile (decision 0025) ----
  mobileInvalid: { 'zh-CN': '请输入正确的手机号或座机号', 'en-US': 'Enter a valid mobile or landline number' },
  mobileNotCell: {
    'zh-CN': '座机号码无法接收短信，请使用手机号',
    'en-US': 'A landline cannot receive text messages; use a mobile number',
  },
  emailInvalid: { 'zh-CN': '请输入正确的邮箱地址', 'en-US': 'Enter a valid e-mail address' },
  smsCodeWrong: { 'zh-CN': '短信验证码错误或已过期', 'en-US': 'The code is wrong or has expired' },
  registerCodeWrong: { 'zh-CN': '邮箱验证码错误或已过期', 'en-US': 'The e-mail code is wrong or has expired' },
  smsTooFrequent: {
    'zh-CN': '发送过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Sent too recently: try again in {seconds} s',
  },
  smsDailyLimit: {
    'zh-CN': '今日发送次数已达上限，请明天再试',
    'en-US': 'The daily limit of codes is reached; try again tomorrow',
  },
  smsSendFailed: {
    'zh-CN': '短信发送失败：{reason}',
    'en-US': 'The text message could not be sent: {reason}',
  },
  smsCodeSent: { 'zh-CN': '验证码已发送，请查收短信', 'en-US': 'The code has been sent by text message' },
  registerCodeSent: { 'zh-CN': '验证码已发送至您的邮箱', 'en-US': 'The code has been sent to your e-mail' },
  registerClosed: { 'zh-CN': '本站暂未开放注册', 'en-US': 'Registration is closed on this site' },
  registerMethodMismatch: {
    'zh-CN': '本站当前不支持该注册方式',
    'en-US': 'This site does not register that way',
  },
  mobileTaken: { 'zh-CN': '该手机号已被注册', 'en-US': 'This mobile number is already registered' },
  mobileNotMatch: {
    'zh-CN': '用户名与手机号不匹配',
    'en-US': 'The username and the mobile number do not match',
  },
  registrationPending: {
    'zh-CN': '您的注册申请正在等待管理员审核，审核通过后即可登录',
    'en-US': "Your registration is waiting for an administrator's approval; you can log in once it is approved",
  },
  registrationRefused: {
    'zh-CN': '您的注册申请未通过审核，请联系管理员',
    'en-US': 'Your registration was refused; contact an administrator',
  },
  smsRegisterContent: {
    'zh-CN': '【{site}】您的注册验证码为 {code}，10 分钟内有效。',
    'en-US': '[{site}] Your registration code is {code}, valid for 10 minutes.',
  },
  smsResetContent: {
    'zh-CN': '【{site}】您正在重置密码，验证码为 {code}，10 分钟内有效。',
    'en-US': '[{site}] Your password reset code is {code}, valid for 10 minutes.',
  },
  fieldRequired: { 'zh-CN': '{field} 不能为空', 'en-US': '{field} is required' },
  fieldInvalid: { 'zh-CN': '{field} 不合法：{rule}', 'en-US': '{field} is invalid: {rule}' },
  textInvalid: {
    'zh-CN': '{field} 含有不允许的字符（NUL 或不成对的代理项）',
    'en-US': '{field} contains a character that is not allowed (NUL or an unpaired surrogate)',
  },
  bodyNotObject: { 'zh-CN': '请求体必须是 JSON 对象', 'en-US': 'The request body must be a JSON object' },
  bodyNotJson: { 'zh-CN': '该接口只接受 JSON 请求体', 'en-US': 'This call takes a JSON body only' },
  uploadNotMultipart: {
    'zh-CN': '请以 multipart/form-data 上传文件',
    'en-US': 'Upload the file as multipart/form-data',
  },
  uploadInvalid: { 'zh-CN': '上传的内容格式不正确', 'en-US': 'The upload is malformed' },
  bodyTooDeep: { 'zh-CN': '请求体嵌套超过 {max} 层', 'en-US': 'The request body is nested deeper than {max} levels' },
  requestTooLarge: { 'zh-CN': '请求过大', 'en-US': 'The request is too large' },
  databaseFromEnvironment: {
    'zh-CN': '数据库由服务器的环境变量 DATABASE_URL 设置（未设置时使用内置数据库），不能在此修改',
    'en-US':
      "The database is set by the server's environment (DATABASE_URL; the embedded one when unset) and cannot be changed here",
  },
  numberOutOfRange: { 'zh-CN': '{field} 超出范围', 'en-US': '{field} is out of range' },
  // ---- problems, submissions, ranks, user home and settings ----
  codeEmpty: { 'zh-CN': '代码不能为空', 'en-US': 'Code can not be empty' },
  codeTooLong: { 'zh-CN': '代码长度不能超过65535', 'en-US': 'Code Length can not exceed 65535' },
  testInputTooLong: { 'zh-CN': '测试输入不能超过1000个字符', 'en-US': 'The test input may be at most 1000 characters' },
  languageNotAllowed: {
    'zh-CN': '该题目不支持此编程语言',
    'en-US': 'This problem does not accept this language',
  },
  languageNotOffered: {
    'zh-CN': '本站的评测机不支持该编程语言',
    'en-US': "This site's judges do not run this language",
  },
  submitTooFrequent: {
    'zh-CN': '提交过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Submitting too often; try again in {seconds} s',
  },
  noAcceptedCode: {
    'zh-CN': '您还未通过该题目，无法获取最近通过的代码',
    'en-US': "You haven't passed the problem so you cannot get the code passed recently",
  },
  shareNotAllowed: {
    'zh-CN': '该提交的代码不允许分享',
    'en-US': 'The code of this submission cannot be shared',
  },
  manualJudgeNotAllowed: {
    'zh-CN': '只有正在评测、编译中或编译错误的提交可以人工评测',
    'en-US': 'Only Judging, Compiling or Compile Error submissions can be judged by hand',
  },
  manualJudgeNotAdmin: {
    'zh-CN': '只有该提交所属比赛或团队的管理员可以人工评测或取消评测',
    'en-US': "Only the admins of this submission's contest or group can judge or cancel it by hand",
  },
  manualJudgeCancelled: { 'zh-CN': '人工评测不能选择已取消', 'en-US': 'Cancelled is not a manual verdict' },
  alreadyCancelled: { 'zh-CN': '该提交已被取消', 'en-US': 'This submission is already cancelled' },
  resubmitNotAllowed: {
    'zh-CN': '只有远程评测中提交失败、系统错误或未完成的提交可以重新提交',
    'en-US':
      'Only a remote judge submission that is Submitted Failed, System Error, Submitted Unknown Result or unfinished can be resubmitted',
  },
  // ---- remote judges (decision 0030) ----
  remoteOjUnknown: {
    'zh-CN': '不支持的远程评测平台：{name}',
    'en-US': 'Unknown remote judge: {name} (HDU, CF, POJ, GYM, AC or SPOJ)',
  },
  remoteOjNotAvailable: {
    'zh-CN': '本站暂不支持从 {name} 导入题目',
    'en-US': 'Importing from {name} is not supported yet',
  },
  remoteProblemIdInvalid: {
    'zh-CN': '题目ID【{problemId}】不是 {name} 的题号格式',
    'en-US': 'The problem id {problemId} is not in the form of {name}',
  },
  remoteProblemExists: {
    'zh-CN': '该题目已添加，请勿重复添加！（{problemId}）',
    'en-US': 'The problem has already been added! ({problemId})',
  },
  remoteSiteUnreachable: {
    'zh-CN': '无法连接远程评测平台 {name}，请稍后重试',
    'en-US': 'The remote judge {name} could not be reached; try again later',
  },
  remoteSiteChallenge: {
    'zh-CN': '远程评测平台 {name} 返回了人机验证页面，请稍后重试',
    'en-US': 'The remote judge {name} answered with an anti-bot challenge page; try again later',
  },
  remoteSiteRateLimited: {
    'zh-CN': '远程评测平台 {name} 请求过于频繁，请稍后重试',
    'en-US': 'The remote judge {name} asked us to slow down; try again later',
  },
  remoteProblemNotFound: {
    'zh-CN': '远程评测平台 {name} 上没有题目 {problemId}',
    'en-US': 'The remote judge {name} has no problem {problemId}',
  },
  remotePageChanged: {
    'zh-CN': '远程评测平台 {name} 的页面结构已改变，无法读取：{field}',
    'en-US': 'The page of the remote judge {name} changed; could not read: {field}',
  },
  remoteImageFailed: {
    'zh-CN': '无法下载远程题目的图片：{url}',
    'en-US': 'Could not download an image of the remote problem: {url}',
  },
  remoteAccountListsMismatch: {
    'zh-CN': '{site} 的账号列表与密码列表长度不一致',
    'en-US': 'The {site} username and password lists must have the same length',
  },
  remoteAccountUsernameInvalid: {
    'zh-CN': '{site} 的账号不能为空或重复',
    'en-US': 'A {site} username may not be empty or repeated',
  },
  remoteAccountPasswordRequired: {
    'zh-CN': '{site} 的新账号 {username} 需要填写密码',
    'en-US': 'The new {site} account {username} needs a password',
  },
  remoteLanguageNotAllowed: {
    'zh-CN': '远程题目只能使用 {name} 支持的语言提交',
    'en-US': 'A remote problem accepts only the languages of {name}',
  },
  errorMessageHidden: {
    'zh-CN': '该错误信息不支持查看。',
    'en-US': 'The error message does not support viewing.',
  },
  codeHidden: {
    'zh-CN': '管理员已关闭非比赛提交的代码查看。',
    'en-US': 'Viewing the code of non-contest submissions has been switched off by the administrator.',
  },
  oldPasswordWrong: { 'zh-CN': '旧密码错误', 'en-US': 'The old password is wrong' },
  passwordWrong: { 'zh-CN': '密码错误', 'en-US': 'The password is wrong' },
  passwordChangeLocked: {
    'zh-CN': '密码错误次数过多，请30分钟后再试',
    'en-US': 'Too many wrong passwords; try again in 30 minutes',
  },
  passwordChanged: { 'zh-CN': '修改密码成功', 'en-US': 'Password changed' },
  emailChanged: { 'zh-CN': '修改邮箱成功', 'en-US': 'E-mail changed' },
  emailTaken: { 'zh-CN': '该邮箱已被使用', 'en-US': 'This e-mail address is already in use' },
  emailCodeWrong: { 'zh-CN': '验证码错误或已过期', 'en-US': 'The verification code is wrong or has expired' },
  emailCodeTooFrequent: {
    'zh-CN': '发送过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Sent too often; try again in {seconds} s',
  },
  emailCodeSent: { 'zh-CN': '验证码已发送至邮箱', 'en-US': 'The code has been sent by e-mail' },
  emailCodeLogged: {
    'zh-CN': '未配置邮件服务，验证码已写入服务器日志，请联系管理员',
    'en-US': 'No mail server is configured: the code was written to the server log; ask an administrator',
  },
  emailSendFailed: { 'zh-CN': '邮件发送失败，请稍后再试', 'en-US': 'The e-mail could not be sent; try again later' },
  usernameNotExist: { 'zh-CN': '用户名不存在', 'en-US': 'The username does not exist' },
  userHasNoEmail: {
    'zh-CN': '该账户未绑定邮箱，请联系管理员',
    'en-US': 'This account has no e-mail address; ask an administrator',
  },
  passwordReset: { 'zh-CN': '密码已重置', 'en-US': 'Your password has been reset' },
  fileRequired: { 'zh-CN': '请选择要上传的文件', 'en-US': 'Choose a file to upload' },
  avatarType: {
    'zh-CN': '头像只能是 gif、jpg、jpeg、png、bmp 或 webp 图片',
    'en-US': 'The avatar must be a gif, jpg, jpeg, png, bmp or webp image',
  },
  avatarTooLarge: { 'zh-CN': '头像不能超过2MB', 'en-US': 'The avatar may be at most 2 MB' },
  githubUrlInvalid: {
    'zh-CN': 'GitHub 地址必须是以 http:// 或 https:// 开头的网址',
    'en-US': 'The GitHub address must be a web address starting with http:// or https://',
  },
  blogUrlInvalid: {
    'zh-CN': '博客地址必须是以 http:// 或 https:// 开头的网址',
    'en-US': 'The blog address must be a web address starting with http:// or https://',
  },
  // ---- admin area: problems, test data, uploads, import and export ----
  Problem_Title_Required: { 'zh-CN': '题目标题不能为空', 'en-US': 'The problem title is required' },
  Input_Description_Required: { 'zh-CN': '输入描述不能为空', 'en-US': 'The input description is required' },
  Output_Description_Required: { 'zh-CN': '输出描述不能为空', 'en-US': 'The output description is required' },
  Problem_Language_Required: { 'zh-CN': '请至少选择一种编程语言', 'en-US': 'Choose at least one language' },
  Score_Must_Be_Integer: { 'zh-CN': '分数必须是不小于0的整数', 'en-US': 'A score must be an integer of 0 or more' },
  Extra_File_Name_Required: { 'zh-CN': '额外文件名不能为空', 'en-US': 'An extra file needs a name' },
  extraFileTooLarge: { 'zh-CN': '额外文件最大为 1 MB', 'en-US': 'An extra file may be at most 1 MiB' },
  problemIdTaken: {
    'zh-CN': '题目展示ID【{problemId}】已被使用',
    'en-US': 'The display id {problemId} is already taken',
  },
  problemIdInvalid: {
    'zh-CN': '题目展示ID只能包含字母、数字、下划线和连字符',
    'en-US': 'A display id may only hold letters, digits, underscores and hyphens',
  },
  problemPublicForbidden: {
    'zh-CN': '只有超级管理员和题目管理员可以公开题目',
    'en-US': 'Only the super admin and problem admins may make a problem public',
  },
  problemNotOwned: {
    'zh-CN': '您只能管理自己创建的题目',
    'en-US': 'You can only manage problems you created',
  },
  testCaseRequired: {
    'zh-CN': '请上传测试数据或至少添加一组测试样例',
    'en-US': 'Upload test data or add at least one test case',
  },
  testCaseEmpty: {
    'zh-CN': '第 {index} 组测试样例的输入和输出不能同时为空',
    'en-US': 'Test case {index} needs an input or an output',
  },
  testCaseFileUnknown: {
    'zh-CN': '测试数据中没有文件 {name}，请重新上传',
    'en-US': 'The test data holds no file named {name}; upload it again',
  },
  uploadExpired: {
    'zh-CN': '上传的测试数据已过期，请重新上传',
    'en-US': 'The uploaded test data has expired; upload it again',
  },
  groupNumRequired: {
    'zh-CN': '子任务模式下每组测试数据都需要子任务编号',
    'en-US': 'Subtask modes need a group number on every test case',
  },
  checkerRequired: {
    'zh-CN': '特殊判题或交互程序的代码不能为空',
    'en-US': 'The special judge or interactor code is required',
  },
  checkerCompileFailed: { 'zh-CN': '编译失败：\n{error}', 'en-US': 'Compile Error:\n{error}' },
  templateEmpty: {
    'zh-CN': '启用的代码模板不能为空：{language}',
    'en-US': 'An enabled code template cannot be empty: {language}',
  },
  Add_Tag_Error: { 'zh-CN': '标签重复：{name}', 'en-US': 'Duplicate tag: {name}' },
  fileTooLarge: { 'zh-CN': '文件超过大小限制', 'en-US': 'Exceed max size limit' },
  fileTypeNotSupported: {
    'zh-CN': '文件类型不支持：{name} 格式不正确',
    'en-US': 'File type not support: {name} is incorrect format file',
  },
  zipInvalid: { 'zh-CN': '不是有效的 zip 压缩包', 'en-US': 'This is not a valid zip archive' },
  zipUnsafePath: {
    'zh-CN': '压缩包中的路径不安全：{name}',
    'en-US': 'The archive holds an unsafe path: {name}',
  },
  zipSymlink: {
    'zh-CN': '压缩包中不能包含符号链接：{name}',
    'en-US': 'The archive may not hold symbolic links: {name}',
  },
  zipTooManyEntries: {
    'zh-CN': '压缩包中的文件过多（最多 {max} 个）',
    'en-US': 'The archive holds too many files (at most {max})',
  },
  zipTooLarge: {
    'zh-CN': '压缩包解压后过大（最多 {max} MB）',
    'en-US': 'The archive expands to too much data (at most {max} MB)',
  },
  zipEntryTooLarge: {
    'zh-CN': '文件 {name} 过大，无法读取（最多 {max} MB）',
    'en-US': 'The file {name} is too large to be read (at most {max} MB)',
  },
  uploadQuotaCount: {
    'zh-CN': '上传过于频繁：每小时最多上传 {max} 个文件，请稍后再试',
    'en-US': 'Too many uploads: at most {max} files per hour; try again later',
  },
  uploadQuotaBytes: {
    'zh-CN': '上传的数据过多：每小时最多 {max} MB，请稍后再试',
    'en-US': 'Too much uploaded data: at most {max} MB per hour; try again later',
  },
  uploadQuotaReceived: {
    'zh-CN': '上传的数据过多：每小时最多接收 {max} MB（被拒绝的上传也计算在内），请稍后再试',
    'en-US': 'Too much uploaded data: at most {max} MB an hour, refused uploads included; try again later',
  },
  uploadsInFlight: {
    'zh-CN': '同时进行的上传过多：最多 {max} 个，请等待已有的上传完成',
    'en-US': 'Too many uploads at once: at most {max}; wait for one to finish',
  },
  zipNoTestCase: {
    'zh-CN': '压缩包中没有测试数据：需要 *.in 与 *.out/*.ans，或 input/output .txt 成对文件',
    'en-US': 'The archive holds no test data: it needs *.in with *.out/*.ans, or input/output .txt pairs',
  },
  zipTooDeep: {
    'zh-CN': '测试数据只能放在压缩包根目录或一层文件夹中',
    'en-US': 'Test data must sit at the archive root or in one folder',
  },
  importInvalid: { 'zh-CN': '导入失败：{error}', 'en-US': 'Import failed: {error}' },
  // ---- admin area: users, tags, announcements, notices, configuration, imports ----
  usernameTaken: { 'zh-CN': '用户名【{username}】已存在', 'en-US': 'The username {username} is already taken' },
  cannotChangeSelf: {
    'zh-CN': '不能修改或删除自己的角色、状态或账户',
    'en-US': 'You cannot change the role or status of, or delete, your own account',
  },
  batchRowInvalid: { 'zh-CN': '第 {row} 行：{reason}', 'en-US': 'Row {row}: {reason}' },
  downloadExpired: {
    'zh-CN': '下载链接无效或已被使用，生成的账号密码只能下载一次',
    'en-US': 'The download link is invalid or already used: generated passwords can be downloaded only once',
  },
  tagTaken: { 'zh-CN': '标签【{name}】已存在', 'en-US': 'The tag {name} already exists' },
  classificationUnknown: { 'zh-CN': '标签分类不存在', 'en-US': 'The tag classification does not exist' },
  noticeRecipientRequired: {
    'zh-CN': '请选择至少一个接收用户',
    'en-US': 'Choose at least one recipient',
  },
  noticeRecipientUnknown: { 'zh-CN': '用户【{username}】不存在', 'en-US': 'The user {username} does not exist' },
  smtpNotConfigured: { 'zh-CN': '尚未配置邮件服务器', 'en-US': 'No mail server is configured' },
  testEmailSent: { 'zh-CN': '测试邮件已发送', 'en-US': 'The test e-mail has been sent' },
  imageTypeNotSupported: {
    'zh-CN': '只支持 png、jpg、gif、webp 或 bmp 图片',
    'en-US': 'Only png, jpg, gif, webp or bmp images are accepted',
  },
  judgeHeaderNameInvalid: {
    'zh-CN': '头文件名只能由字母、数字、下划线、点和连字符组成（至多 64 个字符），并以 .h、.hpp 或 .hh 结尾',
    'en-US': 'A header name is letters, digits, underscores, dots and hyphens (at most 64) ending in .h, .hpp or .hh',
  },
  judgeHeaderNotText: {
    'zh-CN': '头文件必须是 UTF-8 文本，且不能含有 NUL 字符',
    'en-US': 'A header must be UTF-8 text without NUL characters',
  },
  importNothingFound: {
    'zh-CN': '上传的文件中没有找到可识别的题目',
    'en-US': 'No problem in a known format was found in the upload',
  },
  polygonPackageInvalid: {
    'zh-CN': '无法导入该 Polygon 题目包：{errors}',
    'en-US': 'The Polygon package cannot be imported: {errors}',
  },
  importJobNotFound: { 'zh-CN': '导入任务不存在', 'en-US': 'No such import job' },
  importJobTaskFailedBecause: {
    'zh-CN': '题目包任务失败：{reason}',
    'en-US': 'the package task failed: {reason}',
  },
  packageErrorResourceName: {
    'zh-CN': '资源 {name} 的名字不是单纯的文件名',
    'en-US': 'resource {name} is not a plain file name',
  },
  packageErrorNoLanguage: {
    'zh-CN': '{name} 无法编译：评测机上没有 {language}',
    'en-US': '{name} does not compile: no {language} on this judge',
  },
  packageErrorCompile: { 'zh-CN': '{name} 编译失败：{detail}', 'en-US': '{name} does not compile: {detail}' },
  packageErrorNoTests: { 'zh-CN': '题目包中没有测试点', 'en-US': 'the package has no tests' },
  packageErrorTestNoSource: {
    'zh-CN': '测试点 {test} 既没有输入文件，也没有生成命令',
    'en-US': 'test {test} has neither an input file nor a generator command',
  },
  packageErrorUnknownGenerator: {
    'zh-CN': '测试点 {test}：没有名为 {name} 的生成器',
    'en-US': 'test {test}: no generator named {name}',
  },
  packageErrorGenerator: {
    'zh-CN': '测试点 {test}：生成器 {name} 运行失败：{detail}',
    'en-US': 'test {test}: generator {name} failed: {detail}',
  },
  packageErrorInvalidTest: {
    'zh-CN': '测试点 {test} 未通过校验器：{detail}',
    'en-US': 'test {test} is rejected by the validator: {detail}',
  },
  packageErrorNoMain: {
    'zh-CN': '测试点 {test} 没有答案文件，题目包中也没有生成答案的标准程序',
    'en-US': 'test {test} has no answer and the package has no main solution to make it',
  },
  packageErrorMainFailed: {
    'zh-CN': '标准程序在测试点 {test} 上运行失败：{detail}',
    'en-US': 'the main solution failed on test {test}: {detail}',
  },
  importJobTaskFailed: { 'zh-CN': '题目包任务失败', 'en-US': 'the package task failed' },
  // ---- the Polygon import's refusal reasons and notes (polygon-format.ts, polygon-statement.ts,
  // import-job.service.ts), rendered by polygon-package.ts `renderImportNote`: {language} and {languages} are Polygon's
  // statement language names (rendered there), {program} is one of the polygonProgram keys below ----
  polygonErrorManyProblemXml: {
    'zh-CN': '有多个 problem.xml（{files}）：一个题目包只能包含一道题目',
    'en-US': 'more than one problem.xml ({files}): one problem a package',
  },
  polygonErrorNoProblemXml: {
    'zh-CN': '缺少 problem.xml（既不在压缩包根目录，也不在其唯一的顶层文件夹中）',
    'en-US': "problem.xml is missing (neither at the archive's root nor in its one top folder)",
  },
  polygonErrorXmlMalformed: {
    'zh-CN': 'problem.xml 不是格式正确的 XML：{reason}（第 {line} 行）',
    'en-US': 'problem.xml is not well-formed XML: {reason} (line {line})',
  },
  polygonErrorNoProblemElement: {
    'zh-CN': 'problem.xml 中没有 <problem> 元素',
    'en-US': 'problem.xml has no <problem> element',
  },
  polygonErrorNoSourcePath: { 'zh-CN': '{program} 没有源文件路径', 'en-US': '{program} has no source path' },
  polygonErrorProgramMissing: {
    'zh-CN': '{program} {path} 不在题目包中',
    'en-US': '{program} {path} is missing from the package',
  },
  polygonErrorProgramType: {
    'zh-CN': '{program} {path} 的源文件类型为“{type}”，本站无法编译',
    'en-US': '{program} {path} is of source type "{type}", which this site cannot compile',
  },
  polygonErrorInputFile: {
    'zh-CN': '题目从文件“{file}”读入：本站只支持标准输入',
    'en-US': 'the problem reads the file "{file}": only standard input is supported here',
  },
  polygonErrorOutputFile: {
    'zh-CN': '题目输出到文件“{file}”：本站只支持标准输出',
    'en-US': 'the problem writes the file "{file}": only standard output is supported here',
  },
  polygonErrorNoTestset: { 'zh-CN': 'problem.xml 中没有测试集', 'en-US': 'problem.xml has no testset' },
  polygonErrorNoTestsTestset: {
    'zh-CN': 'problem.xml 中有 {count} 个测试集，但没有名为“tests”的',
    'en-US': 'problem.xml has {count} testsets and none named "tests"',
  },
  polygonErrorNoTimeLimit: {
    'zh-CN': '测试集没有有效的时间限制（time-limit）',
    'en-US': 'the testset has no valid time-limit',
  },
  polygonErrorNoMemoryLimit: {
    'zh-CN': '测试集没有有效的内存限制（memory-limit）',
    'en-US': 'the testset has no valid memory-limit',
  },
  polygonErrorTestCount: {
    'zh-CN': 'test-count 为 {declared}，但列出了 {listed} 个测试点',
    'en-US': 'test-count is {declared} but {listed} tests are listed',
  },
  polygonErrorNoTests: { 'zh-CN': '测试集中没有测试点', 'en-US': 'the testset has no tests' },
  polygonErrorTestPoints: {
    'zh-CN': '测试点 {test} 的分数为“{points}”',
    'en-US': 'test {test} has points "{points}"',
  },
  polygonErrorNoCommand: {
    'zh-CN': '测试点 {test} 由生成器生成，但没有生成命令',
    'en-US': 'test {test} is generated but has no command',
  },
  polygonErrorUnknownGenerator: {
    'zh-CN': '测试点 {test} 由生成器“{generator}”生成，但题目包的可执行文件中没有它',
    'en-US': `test {test} is made by generator "{generator}", which is not among the package's executables`,
  },
  polygonErrorFromFile: {
    'zh-CN': '测试点 {test} 是生成器一次写出的多个文件之一（from-file）：不支持',
    'en-US': 'test {test} is one of several files a generator writes at once (from-file): not supported',
  },
  polygonErrorTestMethod: {
    'zh-CN': '测试点 {test} 的生成方式为“{method}”',
    'en-US': 'test {test} has method "{method}"',
  },
  polygonErrorTestFileMissing: {
    'zh-CN': '题目包中缺少测试点 {test} 的文件 {path}',
    'en-US': "test {test}'s file {path} is missing from the package",
  },
  polygonErrorGroupPoints: {
    'zh-CN': '分组“{group}”的分数为“{points}”',
    'en-US': 'group "{group}" has points "{points}"',
  },
  polygonErrorGroupPolicy: {
    'zh-CN': '分组“{group}”的计分方式（points-policy）为“{policy}”',
    'en-US': 'group "{group}" has points-policy "{policy}"',
  },
  polygonErrorUndeclaredGroup: {
    'zh-CN': '有测试点属于分组“{group}”，但 <groups> 中没有声明该分组',
    'en-US': 'tests are in group "{group}", which <groups> does not declare',
  },
  polygonErrorUnknownDependency: {
    'zh-CN': '分组“{group}”依赖于不存在的分组“{dependency}”',
    'en-US': 'group "{group}" depends on unknown group "{dependency}"',
  },
  polygonErrorCheckerType: {
    'zh-CN': '检查器类型为“{type}”：只支持 testlib 检查器',
    'en-US': 'checker of type "{type}": only testlib checkers are supported',
  },
  polygonErrorSolutionTag: {
    'zh-CN': '解答 {path} 的标签“{tag}”无法识别',
    'en-US': 'solution {path} has the unknown tag "{tag}"',
  },
  polygonErrorManyMains: {
    'zh-CN': '有多个主解（{paths}）',
    'en-US': 'more than one main solution ({paths})',
  },
  polygonErrorNoMainUnansweredTest: {
    'zh-CN': '没有主解，且测试点 {tests} 没有答案文件',
    'en-US': 'no main solution, and test {tests} has no answer file',
  },
  polygonErrorNoMainUnansweredTests: {
    'zh-CN': '没有主解，且测试点 {tests} 没有答案文件',
    'en-US': 'no main solution, and tests {tests} have no answer file',
  },
  polygonErrorResourceMissing: {
    'zh-CN': '题目包中缺少资源文件 {path}',
    'en-US': 'resource {path} is missing from the package',
  },
  polygonProgramGenerator: { 'zh-CN': '生成器 {name}', 'en-US': 'generator {name}' },
  polygonProgramChecker: { 'zh-CN': '检查器', 'en-US': 'checker' },
  polygonProgramNamedChecker: { 'zh-CN': '检查器 {name}', 'en-US': 'checker {name}' },
  polygonProgramInteractor: { 'zh-CN': '交互器', 'en-US': 'interactor' },
  polygonProgramValidator: { 'zh-CN': '校验器', 'en-US': 'validator' },
  polygonProgramSolution: { 'zh-CN': '解答（{tag}）', 'en-US': 'solution ({tag})' },
  polygonProgramUntaggedSolution: { 'zh-CN': '解答（无标签）', 'en-US': 'solution (no tag)' },
  polygonNoteTestsetTaken: {
    'zh-CN': '采用测试集“tests”；未导入 {testsets}',
    'en-US': 'testset "tests" taken; {testsets} left out',
  },
  polygonNoteTimeLimitClamped: {
    'zh-CN': '时间限制 {given} ms 按 {taken} ms 导入',
    'en-US': 'time limit {given} ms taken as {taken} ms',
  },
  polygonNoteMemoryLimitClamped: {
    'zh-CN': '内存限制 {bytes} 字节按 {taken} MB 导入',
    'en-US': 'memory limit {bytes} bytes taken as {taken} MB',
  },
  polygonNoteGeneratedTestRemade: {
    'zh-CN': '{count} 个生成的测试点由其生成器重新生成（未采用题目包中的副本）',
    'en-US': "{count} generated test made again by its generator (the package's copies left out)",
  },
  polygonNoteGeneratedTestsRemade: {
    'zh-CN': '{count} 个生成的测试点由其生成器重新生成（未采用题目包中的副本）',
    'en-US': "{count} generated tests made again by their generators (the package's copies left out)",
  },
  polygonNoteCheckerWithoutSource: {
    'zh-CN': '检查器 {name} 没有源文件：由本站默认的比较方式评测',
    'en-US': "checker {name} has no source: the site's default comparison judges",
  },
  polygonNoteUnnamedCheckerWithoutSource: {
    'zh-CN': '检查器（未命名）没有源文件：由本站默认的比较方式评测',
    'en-US': "checker (unnamed) has no source: the site's default comparison judges",
  },
  polygonNoteNoChecker: {
    'zh-CN': '没有检查器：由本站默认的比较方式评测',
    'en-US': "no checker: the site's default comparison judges",
  },
  polygonNoteManyValidators: {
    'zh-CN': '有 {count} 个校验器：采用第一个',
    'en-US': '{count} validators: the first taken',
  },
  polygonNoteNoValidator: {
    'zh-CN': '没有校验器：测试数据不经校验',
    'en-US': 'no validator: the tests are not validated',
  },
  polygonNoteResourcesLeftOut: { 'zh-CN': '未导入的资源文件：{paths}', 'en-US': 'resources left out: {paths}' },
  polygonNoteExecutablesLeftOut: {
    'zh-CN': '未导入没有测试点调用的可执行文件：{paths}',
    'en-US': 'executables no test calls, left out: {paths}',
  },
  polygonNoteSampleTooLarge: {
    'zh-CN': '样例测试点 {test} 太大，不作为题面样例显示',
    'en-US': 'sample test {test} is too large to be shown as an example',
  },
  polygonNoteSamplesGenerated: {
    'zh-CN': '样例测试点由生成器生成：题面中没有样例',
    'en-US': 'the sample tests are generated: no examples in the statement',
  },
  polygonNoteNoStatement: {
    'zh-CN': '题目包中没有题面（statement-sections/ 或 statements/）：导入时不带题面',
    'en-US': 'no statement in the package (statement-sections/ or statements/): imported without one',
  },
  polygonNoteStatementMissing: {
    'zh-CN': '题目包中没有{language}题面',
    'en-US': 'no {language} statement in the package',
  },
  polygonNoteStatementTaken: { 'zh-CN': '采用{language}题面', 'en-US': 'statement in {language} taken' },
  polygonNoteStatementTakenOthersLeftOut: {
    'zh-CN': '采用{language}题面；未导入{languages}题面',
    'en-US': 'statement in {language} taken; {languages} left out',
  },
  polygonNoteTutorialLeftOut: { 'zh-CN': '未导入题解（tutorial）', 'en-US': 'tutorial left out' },
  polygonNoteImageMissing: {
    'zh-CN': '题目包中没有图片 {image}：未导入',
    'en-US': 'image {image} is not in the package: left out',
  },
  polygonNoteImageNotImage: {
    'zh-CN': '未导入图片 {image}：不是 png、jpg、gif、webp 或 bmp 图片',
    'en-US': 'image {image} left out: not a png, jpg, gif, webp or bmp image',
  },
  polygonNoteDisplayIdTaken: {
    'zh-CN': '题号 {wanted} 已被占用；导入为 {problemId}',
    'en-US': 'display id {wanted} was taken; imported as {problemId}',
  },
  packageCheckNothing: {
    'zh-CN': '该题目没有参考解答和校验器，无可检查的内容',
    'en-US': 'The problem has no reference solutions and no validator: there is nothing to check',
  },
  // ---- contests ----
  contestNotStarted: { 'zh-CN': '比赛还未开始', 'en-US': 'The contest has not started yet' },
  contestEnded: { 'zh-CN': '比赛已结束', 'en-US': 'Contest has ended' },
  contestNotEnded: {
    'zh-CN': '比赛结束后才能虚拟参赛',
    'en-US': 'A contest can be taken virtually only once it has ended',
  },
  contestVirtualClosed: {
    'zh-CN': '该比赛的管理员未开放虚拟参赛',
    'en-US': "This contest's admins do not allow virtual participation",
  },
  contestNoAccess: {
    'zh-CN': '该比赛为私有赛，请先输入密码注册',
    'en-US': 'This contest is private: register with its password first',
  },
  contestPasswordRequired: { 'zh-CN': '请输入比赛密码', 'en-US': 'Enter the contest password' },
  contestPasswordWrong: { 'zh-CN': '比赛密码错误', 'en-US': 'The contest password is wrong' },
  contestAlreadyRegistered: { 'zh-CN': '您已注册过该比赛', 'en-US': 'You have already registered for this contest' },
  // ---- exams and clarifications (decision 0055) ----
  examSiteClosed: {
    'zh-CN': '考试进行中，只能访问本场考试的页面',
    'en-US': 'Your exam is running: only its pages are open to you until it ends',
  },
  examAddressRefused: {
    'zh-CN': '考试期间不允许从当前网络地址（{ip}）访问',
    'en-US': 'During the exam this address ({ip}) may not be used',
  },
  examSessionActive: {
    'zh-CN': '该账号已在另一处登录参加考试，请联系监考老师结束原会话',
    'en-US': 'This account is already signed in to the exam elsewhere; ask the proctor to end that session',
  },
  examSessionEnded: {
    'zh-CN': '该账号已在别处登录参加考试，本会话已结束',
    'en-US': 'This account signed in to the exam elsewhere, so this session has ended',
  },
  examRegistrationRequired: {
    'zh-CN': '这是一场考试，只有已报名的考生可以参加',
    'en-US': 'This contest is an exam: only its registered participants may take part',
  },
  examAddressInvalid: {
    'zh-CN': '地址范围“{value}”无效，应为 IP 地址或 CIDR（如 10.0.0.0/24）',
    'en-US': 'The address range "{value}" is not valid: give an IP address or a CIDR range (such as 10.0.0.0/24)',
  },
  examCommentsClosed: {
    'zh-CN': '考试期间比赛评论已关闭，请使用答疑提问',
    'en-US': 'Contest comments are closed during the exam; ask a clarification instead',
  },
  clarificationNotFound: { 'zh-CN': '答疑不存在', 'en-US': 'The clarification does not exist' },
  clarificationTooFrequent: {
    'zh-CN': '提问过于频繁，请 {minutes} 分钟后再试',
    'en-US': 'Too many questions; try again in {minutes} minutes',
  },
  clarificationProblemNotInContest: {
    'zh-CN': '该题目不属于这场比赛',
    'en-US': 'That problem is not in this contest',
  },
  contestAccountLimit: {
    'zh-CN': '您的账号不符合本比赛的账号规则，无法参加',
    'en-US': 'Your account does not match the account rule of this contest',
  },
  contestRankClosed: {
    'zh-CN': '该比赛未开放外榜或尚未开始',
    'en-US': 'The outside scoreboard of this contest is closed or the contest has not started',
  },
  urlInvalid: { 'zh-CN': '链接须以 http:// 或 https:// 开头', 'en-US': 'The link must start with http:// or https://' },
  contestTimeInvalid: {
    'zh-CN': '比赛结束时间必须晚于开始时间',
    'en-US': 'The end time must be after the start time',
  },
  contestPasswordMissing: {
    'zh-CN': '非公开赛必须设置密码',
    'en-US': 'A private or protected contest needs a password',
  },
  contestTypeFixed: { 'zh-CN': '比赛创建后不能修改赛制', 'en-US': 'The rule type cannot change once created' },
  // ---- contest ratings (decision 0046) ----
  groupContestNotRated: {
    'zh-CN': '团队比赛不能计算等级分',
    'en-US': 'A group contest cannot be rated',
  },
  contestNotRated: { 'zh-CN': '该比赛不计算等级分', 'en-US': 'This contest is not rated' },
  contestRatingNotEnded: {
    'zh-CN': '比赛结束后才能计算等级分',
    'en-US': 'Ratings are computed once the contest has ended',
  },
  contestSealTimeInvalid: {
    'zh-CN': '封榜时间必须在比赛时间内',
    'en-US': 'The seal time must be within the contest',
  },
  Add_Star_User_Error: { 'zh-CN': '打星用户重复：{name}', 'en-US': 'Duplicate star user: {name}' },
  contestDisplayIdTaken: {
    'zh-CN': '该比赛中展示ID【{displayId}】已被使用',
    'en-US': 'The display id {displayId} is already used in this contest',
  },
  contestProblemExists: { 'zh-CN': '该题目已在比赛中', 'en-US': 'This problem is already in the contest' },
  contestNotOwned: { 'zh-CN': '您只能管理自己创建的比赛', 'en-US': 'You can only manage contests you created' },
  // ---- contest staff ----
  contentEmpty: { 'zh-CN': '内容不能为空', 'en-US': 'Content cannot be empty' },
  printTooShort: { 'zh-CN': '内容字数不能少于50', 'en-US': 'The number of content cannot be less than 50' },
  printTooLong: { 'zh-CN': '内容字数不能超过65535', 'en-US': 'Content Can not exceed 65535' },
  printClosed: { 'zh-CN': '该比赛未开启打印', 'en-US': 'Printing is not open in this contest' },
  printCooldown: {
    'zh-CN': '打印过于频繁，请30秒后再试',
    'en-US': 'You can print once every 30 seconds; please try again later',
  },
  contestAcmOnly: { 'zh-CN': '该功能仅适用于ACM赛制的比赛', 'en-US': 'This is only for ACM contests' },
  scrollBoardClosed: {
    'zh-CN': '比赛结束且公开榜单显示真实排名后才能查看滚榜',
    'en-US': 'The scroll board opens to everyone once the contest has ended and its open scoreboard is unsealed',
  },
  // ---- images of other sites in markdown (hardening, part 1; decision 0011) ----
  imageUrlInvalid: {
    'zh-CN': '图片链接须为 http:// 或 https:// 地址，不含用户名和密码，且不超过 2048 个字符',
    'en-US':
      'The image link must be an http:// or https:// address without user name or password, at most 2048 characters',
  },
  imageAddressRefused: {
    'zh-CN': '不能从该地址获取图片：它指向本机、内网或保留地址',
    'en-US': 'Images are not fetched from this address: it points to a loopback, private or reserved address',
  },
  externalImagesBlocked: {
    'zh-CN': '管理员已关闭外站图片',
    'en-US': 'Images from other sites have been switched off by the administrator',
  },
  imageFetchFailed: {
    'zh-CN': '无法从外站获取该图片，请稍后再试',
    'en-US': 'The image could not be fetched from the other site; please try again later',
  },
  imageNotImage: {
    'zh-CN': '该链接的内容不是支持的图片（png、jpg、gif、webp 或 bmp）',
    'en-US': 'The link does not lead to a supported image (png, jpg, gif, webp or bmp)',
  },
  imageTooLarge: { 'zh-CN': '外站图片不能超过 5 MB', 'en-US': 'An image from another site may be at most 5 MB' },
  // ---- access passwords (hardening, part 2; decision 0015) ----
  passwordTriesExceeded: {
    'zh-CN': '密码错误次数过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many wrong passwords; try again in {minutes} min',
  },
  // ---- trainings (decision 0019) ----
  trainingNoAccess: {
    'zh-CN': '该训练为私有训练，请先输入密码注册',
    'en-US': 'This training is private: register with its password first',
  },
  trainingPasswordRequired: { 'zh-CN': '请输入训练密码', 'en-US': 'Enter the training password' },
  trainingPasswordWrong: { 'zh-CN': '训练密码错误', 'en-US': 'The training password is wrong' },
  trainingAlreadyRegistered: { 'zh-CN': '您已注册过该训练', 'en-US': 'You have already registered for this training' },
  trainingPublicNoRegister: {
    'zh-CN': '公开训练无需注册',
    'en-US': 'A public training needs no registration',
  },
  trainingRankPrivateOnly: {
    'zh-CN': '只有私有训练才有排行榜',
    'en-US': 'Only private trainings have a rank',
  },
  trainingPasswordMissing: { 'zh-CN': '私有训练必须设置密码', 'en-US': 'A private training needs a password' },
  trainingNotOwned: { 'zh-CN': '您只能管理自己创建的训练', 'en-US': 'You can only manage trainings you created' },
  trainingCategoryUnknown: { 'zh-CN': '训练分类不存在', 'en-US': 'The training category does not exist' },
  trainingCategoryInUse: {
    'zh-CN': '该分类正被以下训练使用，不能删除：{titles}',
    'en-US': 'This category is used by these trainings and cannot be deleted: {titles}',
  },
  trainingProblemExists: { 'zh-CN': '该题目已在训练中', 'en-US': 'This problem is already in the training' },
  trainingDisplayIdTaken: {
    'zh-CN': '该训练中展示ID【{displayId}】已被使用',
    'en-US': 'The display id {displayId} is already used in this training',
  },
  trainingProblemNotPublic: {
    'zh-CN': '训练只能添加公开题目',
    'en-US': 'Only public problems can be added to a training',
  },
  // ---- discussions, likes, reports and the message centre (decision 0020) ----
  fieldTooLong: { 'zh-CN': '{field} 不能超过 {max} 个字符', 'en-US': '{field} Can not exceed {max}' },
  reportEmpty: { 'zh-CN': '举报标签和理由不能都为空', 'en-US': 'The report label and reason cannot be empty' },
  discussionCategoryUnknown: { 'zh-CN': '讨论分类不存在', 'en-US': 'The discussion category does not exist' },
  discussionProblemUnknown: { 'zh-CN': '该题目不存在', 'en-US': 'The problem does not exist' },
  discussionNotOwned: {
    'zh-CN': '您只能编辑或删除自己的讨论',
    'en-US': 'You can only edit or delete your own discussions',
  },
  discussionAcRequired: {
    'zh-CN': '您需要至少通过 {count} 道题目才能发帖',
    'en-US': 'You need at least {count} accepted problem(s) to post',
  },
  discussionDailyLimit: {
    'zh-CN': '您今天发帖已达 {count} 篇上限，请明天再来',
    'en-US': "You have reached today's limit of {count} posts; please come back tomorrow",
  },
  // ---- comments and replies (decision 0021) ----
  commentAcRequired: {
    'zh-CN': '您需要至少通过 {count} 道题目才能评论',
    'en-US': 'You need at least {count} accepted problem(s) to comment',
  },
  commentNotOwned: {
    'zh-CN': '您只能删除自己的评论或回复',
    'en-US': 'You can only delete your own comments and replies',
  },
  commentReplyRefused: {
    'zh-CN': '比赛管理员的评论不能回复',
    'en-US': 'Comments of the contest admins cannot be replied to',
  },
  replyQuoteMismatch: {
    'zh-CN': '引用的评论或回复不属于该评论',
    'en-US': 'The quoted comment or reply does not belong to this comment',
  },
  commentPlaceMismatch: {
    'zh-CN': '该评论不属于此讨论或比赛',
    'en-US': 'The comment does not belong to this discussion or contest',
  },
  // ---- Mine messages: what the site tells one user (rendered in the reader's language) ----
  mineRoleChangedTitle: { 'zh-CN': '您的角色已变更', 'en-US': 'Your role has changed' },
  mineRoleChanged: { 'zh-CN': '管理员将您的角色设为：{role}', 'en-US': 'An administrator set your role to: {role}' },
  mineBannedTitle: { 'zh-CN': '您的账号已被封禁', 'en-US': 'Your account has been banned' },
  mineBanned: {
    'zh-CN': '管理员封禁了您的账号；如有疑问请联系管理员。',
    'en-US': 'An administrator banned your account; contact an administrator with any questions.',
  },
  mineUnbannedTitle: { 'zh-CN': '您的账号已解封', 'en-US': 'Your account is active again' },
  mineUnbanned: {
    'zh-CN': '管理员解除了对您账号的封禁。',
    'en-US': 'An administrator lifted the ban on your account.',
  },
  role_root: { 'zh-CN': '超级管理员', 'en-US': 'Super admin' },
  role_admin: { 'zh-CN': '管理员', 'en-US': 'Admin' },
  role_default_user: { 'zh-CN': '外部学生（不能登录）', 'en-US': 'External student (cannot log in)' },
  role_user: { 'zh-CN': '普通用户', 'en-US': 'User' },
  role_no_discuss_user: { 'zh-CN': '禁止发帖用户', 'en-US': 'User who cannot post discussions' },
  role_mute_user: { 'zh-CN': '禁言用户', 'en-US': 'Muted user' },
  role_no_subimit_no_discuss_user: { 'zh-CN': '禁止提交与发帖用户', 'en-US': 'User who cannot submit or post' },
  role_no_subimit_mute_user: { 'zh-CN': '禁止提交且禁言用户', 'en-US': 'Muted user who cannot submit' },
  role_problem_admin: { 'zh-CN': '题目管理员', 'en-US': 'Problem admin' },
  // ---- groups (decision 0022) ----
  groupNameLength: { 'zh-CN': '团队名称长度应为5~25个字符', 'en-US': 'The group name must be 5 to 25 characters' },
  groupShortNameLength: {
    'zh-CN': '团队简称长度应为5~10个字符',
    'en-US': 'The group short name must be 5 to 10 characters',
  },
  groupBriefLength: { 'zh-CN': '团队简介长度应为5~50个字符', 'en-US': 'The group brief must be 5 to 50 characters' },
  groupDescriptionLength: {
    'zh-CN': '团队描述长度应为5~1000个字符',
    'en-US': 'The group description must be 5 to 1000 characters',
  },
  groupCodeLength: {
    'zh-CN': '非公开团队的邀请码必须为6个字符',
    'en-US': 'A group that is not public needs an invitation code of exactly 6 characters',
  },
  groupMinAcToPostInvalid: {
    'zh-CN': '发言所需通过题数应为 0 到 1000000 的整数，留空则沿用全站设置',
    'en-US':
      "The accepted problems needed to post must be a whole number from 0 to 1000000, or empty for the site's value",
  },
  groupReasonLength: { 'zh-CN': '申请理由长度应为5~100个字符', 'en-US': 'The reason must be 5 to 100 characters' },
  groupAuthInvalid: {
    'zh-CN': '团队权限只能是公开、保护或私有',
    'en-US': 'The group type must be public, protected or private',
  },
  groupNameTaken: { 'zh-CN': '团队名称已被使用', 'en-US': 'This group name is taken' },
  groupShortNameTaken: { 'zh-CN': '团队简称已被使用', 'en-US': 'This group short name is taken' },
  groupCodeWrong: { 'zh-CN': '邀请码错误', 'en-US': 'The invitation code is wrong' },
  groupAlreadyMember: { 'zh-CN': '您已是该团队成员', 'en-US': 'You are already a member of this group' },
  groupAlreadyApplied: {
    'zh-CN': '您已申请加入该团队，请等待管理员审核',
    'en-US': 'You have already applied to this group; wait for an admin to answer',
  },
  groupApplyRefused: {
    'zh-CN': '您的加入申请已被拒绝，请联系团队管理员',
    'en-US': 'Your application was refused; contact an admin of the group',
  },
  groupUserAlreadyMember: { 'zh-CN': '该用户已是团队成员', 'en-US': 'This user is already a member of the group' },
  groupOwnerCannotExit: {
    'zh-CN': '团队拥有者不能退出团队，可以解散它',
    'en-US': 'The owner cannot leave the group; disband it instead',
  },
  groupNotMember: { 'zh-CN': '您不是该团队的成员', 'en-US': 'You are not a member of this group' },
  // ---- groups, part 3: trainings, contests and discussions (decision 0024) ----
  groupItemElsewhere: {
    'zh-CN': '该内容不属于此团队',
    'en-US': 'This item does not belong to this group',
  },
  groupProblemNotInGroup: {
    'zh-CN': '只能添加本团队的题目',
    'en-US': 'Only problems of this group can be added',
  },
  groupTrainingNotOwned: {
    'zh-CN': '只有训练的创建者（团队管理员）和团队拥有者可以管理该训练',
    'en-US': "Only the training's author (a group admin) and the group owner can manage this training",
  },
  groupContestNotOwned: {
    'zh-CN': '只有比赛的创建者和团队拥有者可以管理该比赛',
    'en-US': "Only the contest's creator and the group owner can manage this contest",
  },
  groupDiscussionNotOwned: {
    'zh-CN': '只有作者或团队管理员可以删除该讨论',
    'en-US': 'Only the author or a group admin can delete this discussion',
  },
  groupOwnerUntouchable: {
    'zh-CN': '不能修改或移除团队拥有者',
    'en-US': 'The group owner cannot be changed or removed',
  },
  groupCannotRemoveSelf: {
    'zh-CN': '不能移除自己，请使用退出团队',
    'en-US': 'You cannot remove yourself; leave the group instead',
  },
  groupLevelTooHigh: {
    'zh-CN': '只能管理权限低于自己的成员，且只能授予低于自己的权限',
    'en-US': 'You may only manage members below your own level and grant levels below your own',
  },
  groupNoDemoteToApplicant: {
    'zh-CN': '团队成员不能被改回申请中或已拒绝',
    'en-US': 'A member cannot be set back to applying or refused',
  },
  groupRootLevel: {
    'zh-CN': '团队只有一个拥有者，不能授予拥有者权限',
    'en-US': 'A group has one owner: that level cannot be granted',
  },
  groupMemberNotFound: { 'zh-CN': '该用户不在团队中', 'en-US': 'This user is not in the group' },
  groupCreateAcRequired: {
    'zh-CN': '通过至少 {count} 道题目后才能创建团队',
    'en-US': 'Solve at least {count} problems to create a group',
  },
  groupCreateDailyLimit: {
    'zh-CN': '每天最多创建 {count} 个团队',
    'en-US': 'You can create at most {count} groups a day',
  },
  groupCreateLimit: { 'zh-CN': '每人最多创建 {count} 个团队', 'en-US': 'You can create at most {count} groups' },
  // ---- the first failing case explained (decision 0053; apps/server/src/modules/submission/first-failure.ts) ----
  feedbackLineDiffers: {
    'zh-CN': '第 {line} 行与期望输出不同',
    'en-US': 'Line {line} differs from the expected output',
  },
  feedbackOutputEndsEarly: {
    'zh-CN': '输出在第 {line} 行之前就结束了，期望输出还有更多内容',
    'en-US': 'Your output ends before line {line}; the expected output goes on',
  },
  feedbackExtraOutput: {
    'zh-CN': '从第 {line} 行起是多余的输出',
    'en-US': 'Extra output from line {line} on, past the end of the expected output',
  },
  feedbackTrailingSpace: {
    'zh-CN': '第 {line} 行末尾有多余的空格',
    'en-US': 'Trailing space at the end of line {line}',
  },
  feedbackMissingTrailingSpace: {
    'zh-CN': '第 {line} 行末尾缺少期望输出中的空格',
    'en-US': 'Line {line} lacks the space the expected output has at its end',
  },
  feedbackLeadingSpace: { 'zh-CN': '第 {line} 行开头的空格不同', 'en-US': 'Line {line} starts with different spaces' },
  feedbackTabForSpace: {
    'zh-CN': '第 {line} 行用了制表符（Tab），期望的是空格',
    'en-US': 'Line {line} has a tab where a space is expected',
  },
  feedbackSpaceForTab: {
    'zh-CN': '第 {line} 行用了空格，期望的是制表符（Tab）',
    'en-US': 'Line {line} has a space where a tab is expected',
  },
  feedbackSpacing: {
    'zh-CN': '第 {line} 行单词之间的空格数与期望输出不同',
    'en-US': 'Line {line} spaces its words differently from the expected output',
  },
  feedbackLineBreaks: {
    'zh-CN': '从第 {line} 行起换行的位置与期望输出不同',
    'en-US': 'From line {line} on, the lines break in other places than in the expected output',
  },
  feedbackExtraBlankLine: { 'zh-CN': '第 {line} 行是多余的空行', 'en-US': 'Line {line} is an extra blank line' },
  feedbackExtraBlankLineAtEnd: { 'zh-CN': '输出末尾有多余的空行', 'en-US': 'Extra blank line at the end' },
  feedbackMissingBlankLine: {
    'zh-CN': '第 {line} 行应是一个空行',
    'en-US': 'A blank line is expected at line {line}',
  },
  feedbackMissingFinalNewline: {
    'zh-CN': '输出的最后一行缺少换行符',
    'en-US': 'The last line of the output has no newline at its end',
  },
  feedbackPresentation: {
    'zh-CN': '只有空白字符（空格、换行）与期望输出不同',
    'en-US': 'Only whitespace (spaces, line breaks) differs from the expected output',
  },
  feedbackWrongAnswer: { 'zh-CN': '输出与期望输出不同', 'en-US': 'The output differs from the expected output' },
  feedbackChecker: {
    'zh-CN': '特殊评测程序没有接受这个输出',
    'en-US': 'The checker did not accept this output',
  },
  feedbackCpuTime: {
    'zh-CN': '程序仍在计算时用完了 CPU 时间：算法可能太慢，或陷入了死循环',
    'en-US': 'The program was still computing when its CPU time ran out: too slow an algorithm, or an endless loop',
  },
  feedbackWallTime: {
    'zh-CN': '程序在等待时用完了真实时间：它几乎没有计算，可能在等待更多输入或在休眠',
    'en-US':
      'The program was waiting when the wall-clock time ran out: it hardly computed, perhaps waiting for more input or sleeping',
  },
  feedbackMemory: {
    'zh-CN': '程序使用的内存超过了限制',
    'en-US': 'The program used more memory than the limit allows',
  },
  feedbackSegfault: {
    'zh-CN': '段错误（{signal}）：程序访问了不属于它的内存，例如数组越界、空指针，或递归太深导致栈溢出',
    'en-US':
      'Segmentation fault ({signal}): the program touched memory it does not own, such as an index out of range, a null pointer, or a stack overflow from recursion too deep',
  },
  feedbackDivision: {
    'zh-CN': '算术错误（{signal}）：例如整数除以零',
    'en-US': 'Arithmetic error ({signal}): an integer division by zero, for instance',
  },
  feedbackAbort: {
    'zh-CN': '程序中止（{signal}）：例如 assert 失败',
    'en-US': 'The program aborted ({signal}): a failed assert, for instance',
  },
  feedbackKilled: { 'zh-CN': '程序被信号 {signal} 终止', 'en-US': 'The program was killed by {signal}' },
  feedbackExitCode: {
    'zh-CN': '程序以退出码 {code} 结束（main 函数应返回 0）',
    'en-US': 'The program ended with exit code {code} (main should return 0)',
  },
  feedbackUncaught: { 'zh-CN': '未捕获的异常：{type}', 'en-US': 'Uncaught exception: {type}' },
  feedbackStackOverflow: {
    'zh-CN': '栈溢出：递归太深（未捕获的 {type}）',
    'en-US': 'Stack overflow: recursion too deep (uncaught {type})',
  },
  feedbackOutputLimit: {
    'zh-CN': '输出超过了限制：程序输出的内容远多于期望',
    'en-US': 'Output limit exceeded: the program printed far more than expected',
  },
  feedbackRuntimeError: { 'zh-CN': '程序运行时出错', 'en-US': 'The program failed while running' },
  feedbackSystemError: { 'zh-CN': '评测机无法运行这个测试点', 'en-US': 'The judge could not run this case' },
  // ---- homework and the gradebook (decision 0052) ----
  homeworkNotOpen: {
    'zh-CN': '该作业将于 {time} 开放',
    'en-US': 'This assignment opens at {time}',
  },
  homeworkTimesInvalid: {
    'zh-CN': '开放时间须早于截止时间，截止时间不能晚于迟交截止时间',
    'en-US': 'The open time must be before the due time, and the late-until time may not be before the due time',
  },
  homeworkLateNeedsDue: {
    'zh-CN': '设置迟交截止时间或迟交扣分前须先设置截止时间',
    'en-US': 'A late-until time or a late penalty needs a due time',
  },
  homeworkNoDueTime: { 'zh-CN': '该训练没有截止时间', 'en-US': 'This training has no due time' },
  homeworkExtensionTooEarly: {
    'zh-CN': '延期后的截止时间须晚于作业的截止时间',
    'en-US': "The extended due time must be after the assignment's due time",
  },
  homeworkExtensionNotStudent: {
    'zh-CN': '只能为团队中的普通成员（非团队管理员）延期',
    'en-US': 'Only a member of the group who is not one of its admins can be given an extension',
  },
  mineHomeworkOpenTitle: { 'zh-CN': '新作业已开放', 'en-US': 'A new assignment is open' },
  mineHomeworkOpen: {
    'zh-CN': '团队“{group}”的作业“{title}”已开放，截止时间 {due}。',
    'en-US': 'The assignment "{title}" of the group "{group}" is open; it is due {due}.',
  },
  mineHomeworkDueTitle: { 'zh-CN': '作业即将截止', 'en-US': 'An assignment is due soon' },
  mineHomeworkDue: {
    'zh-CN': '团队“{group}”的作业“{title}”将于 {due} 截止，您已完成 {solved}/{total} 题。',
    'en-US':
      'The assignment "{title}" of the group "{group}" is due {due}; you have solved {solved} of {total} problems.',
  },
  mineGroupJoinedTitle: { 'zh-CN': '您已加入团队', 'en-US': 'You joined a group' },
  mineGroupJoined: {
    'zh-CN': '您已成为团队“{group}”的成员。',
    'en-US': 'You are now a member of the group "{group}".',
  },
  mineGroupAddedTitle: { 'zh-CN': '您被加入了团队', 'en-US': 'You were added to a group' },
  mineGroupAdded: {
    'zh-CN': '{admin} 将您加入了团队“{group}”。',
    'en-US': '{admin} added you to the group "{group}".',
  },
  mineGroupAppliedTitle: { 'zh-CN': '新的入团申请', 'en-US': 'A new group application' },
  mineGroupApplied: {
    'zh-CN': '{user} 申请加入团队“{group}”，请在团队成员页审核。',
    'en-US': '{user} applied to join the group "{group}"; answer on the group\'s member page.',
  },
  mineGroupAcceptedTitle: { 'zh-CN': '入团申请已通过', 'en-US': 'Your group application was accepted' },
  mineGroupAccepted: {
    'zh-CN': '您加入团队“{group}”的申请已通过。',
    'en-US': 'Your application to the group "{group}" was accepted.',
  },
  mineGroupRefusedTitle: { 'zh-CN': '入团申请被拒绝', 'en-US': 'Your group application was refused' },
  mineGroupRefused: {
    'zh-CN': '您加入团队“{group}”的申请被拒绝。',
    'en-US': 'Your application to the group "{group}" was refused.',
  },
  mineGroupLevelTitle: { 'zh-CN': '团队权限变更', 'en-US': 'Your group role changed' },
  mineGroupLevel: {
    'zh-CN': '您在团队“{group}”中的身份已变为：{level}',
    'en-US': 'Your role in the group "{group}" is now: {level}',
  },
  mineGroupRemovedTitle: { 'zh-CN': '您已被移出团队', 'en-US': 'You were removed from a group' },
  mineGroupRemoved: {
    'zh-CN': '您已被移出团队“{group}”。',
    'en-US': 'You were removed from the group "{group}".',
  },
  mineGroupDisbandedTitle: { 'zh-CN': '团队已解散', 'en-US': 'A group was disbanded' },
  mineGroupDisbanded: {
    'zh-CN': '您所在的团队“{group}”已被解散。',
    'en-US': 'The group "{group}" you belonged to was disbanded.',
  },
  groupBulkTooMany: {
    'zh-CN': '一次最多处理 {max} 个用户，请分批操作',
    'en-US': 'At most {max} users at a time; split the list',
  },
  groupBulkAuth: {
    'zh-CN': '批量处理只能通过（3）或拒绝（2）申请',
    'en-US': 'Applications can only be approved (3) or refused (2) in bulk',
  },
  groupProblemIdPrefix: {
    'zh-CN': '团队题目的展示 ID 必须以团队简称 {prefix} 开头',
    'en-US': "A group problem's display id must start with the group's short name {prefix}",
  },
  groupProblemApplyState: {
    'zh-CN': '该题目当前不能执行此公开申请操作',
    'en-US': "The problem's public application is not in a state that allows this",
  },
  mineGroupProblemPublicTitle: { 'zh-CN': '题目公开申请已通过', 'en-US': 'Your problem is now public' },
  mineGroupProblemPublic: {
    'zh-CN': '您的团队题目“{problem}”已通过审核，加入公共题库。',
    'en-US': 'Your group problem "{problem}" was approved and joined the public bank.',
  },
  mineGroupProblemRefusedTitle: { 'zh-CN': '题目公开申请被拒绝', 'en-US': 'Your problem was not made public' },
  mineGroupProblemRefused: {
    'zh-CN': '您的团队题目“{problem}”的公开申请被拒绝。',
    'en-US': 'The application to make your group problem "{problem}" public was refused.',
  },
  groupLevel_1: { 'zh-CN': '申请中', 'en-US': 'Applying' },
  groupLevel_2: { 'zh-CN': '已拒绝', 'en-US': 'Refused' },
  groupLevel_3: { 'zh-CN': '普通成员', 'en-US': 'General Member' },
  groupLevel_4: { 'zh-CN': '团队管理员', 'en-US': 'Group Admin' },
  groupLevel_5: { 'zh-CN': '团队拥有者', 'en-US': 'Group Root' },
  // ---- teachers' reviews of code (decision 0053) ----
  reviewLineInvalid: { 'zh-CN': '{field} 必须是从 1 开始的行号', 'en-US': '{field} must be a line number from 1' },
  reviewLinesReversed: {
    'zh-CN': '结束行（toLine）不能在起始行（fromLine）之前',
    'en-US': 'The last line (toLine) cannot come before the first (fromLine)',
  },
  reviewLinesOutOfRange: {
    'zh-CN': '{field} 超出代码范围：代码共 {lines} 行',
    'en-US': '{field} must be within the code, which has {lines} lines',
  },
  reviewNotReviewer: {
    'zh-CN': '只有能查看这份代码的管理员（比赛或团队的管理员）才能点评',
    'en-US': 'Only an admin who may see this code (of its contest or group) may review it',
  },
  reviewNotOwned: { 'zh-CN': '只能修改或删除自己的点评', 'en-US': 'You may only change or delete your own reviews' },
  reviewHidden: {
    'zh-CN': '只有提交者和点评老师可以查看点评',
    'en-US': "Only the submission's author and its reviewers see its reviews",
  },
  reviewContestRunning: {
    'zh-CN': '比赛结束后才能查看和回复点评',
    'en-US': 'Reviews can be read and answered once the contest has ended',
  },
  mineReviewTitle: { 'zh-CN': '您的代码有新的点评', 'en-US': 'Your code has a new review' },
  mineReviewLine: {
    'zh-CN': '{reviewer} 点评了您的提交 [#{submitId}]({url})（{problem}）的第 {from} 行。',
    'en-US': '{reviewer} commented on line {from} of your submission [#{submitId}]({url}) ({problem}).',
  },
  mineReviewLines: {
    'zh-CN': '{reviewer} 点评了您的提交 [#{submitId}]({url})（{problem}）的第 {from}–{to} 行。',
    'en-US': '{reviewer} commented on lines {from}–{to} of your submission [#{submitId}]({url}) ({problem}).',
  },
  mineReviewReplyTitle: { 'zh-CN': '代码点评有新回复', 'en-US': 'A new reply to a code review' },
  mineReviewReply: {
    'zh-CN': '{user} 回复了提交 [#{submitId}]({url})（{problem}）上的代码点评。',
    'en-US': '{user} replied to a review of submission [#{submitId}]({url}) ({problem}).',
  },
  // ---- copy detection (decision 0047) ----
  plagiarismOneScope: {
    'zh-CN': '请指定且只指定一个查重范围：比赛、训练、团队或题目',
    'en-US': 'Name exactly one scope to check: a contest, a training, a group or a problem',
  },
  plagiarismCheckNotDone: {
    'zh-CN': '查重尚未完成，完成后才能导出',
    'en-US': 'The check is not done yet: it can be exported once it is',
  },
  plagiarismSameUser: {
    'zh-CN': '查重标记针对两名不同的用户',
    'en-US': 'A decision is about two different users',
  },
  plagiarismTimeRangeProblemOnly: {
    'zh-CN': '只有按题目查重时才能指定时间段',
    'en-US': 'A time range applies to a problem scope only',
  },
  plagiarismTimeRangeInvalid: {
    'zh-CN': '时间段的结束时间必须晚于开始时间',
    'en-US': 'The end of the time range must come after its start',
  },
  plagiarismScopeTooLarge: {
    'zh-CN': '该范围共有 {count} 份待查提交，超过单次查重上限 {limit} 份；请缩小范围（例如按题目和时间段查重）',
    'en-US':
      'This scope has {count} submissions to check, more than the limit of {limit} for one check; narrow it (for example one problem in a time range)',
  },
  plagiarismCheckRunning: {
    'zh-CN': '该范围的上一次查重还在进行中，请等它完成后再开始',
    'en-US': 'A check of this scope is still running; wait for it to finish before starting another',
  },
  plagiarismThresholdTooLow: {
    'zh-CN': '阈值不能低于 {floor}（低于它的相似对不会保存）',
    'en-US': 'The threshold cannot be below {floor} (pairs below it are not kept)',
  },
  plagiarismCodeHidden: {
    'zh-CN': '您无权查看这对提交中的代码',
    'en-US': 'You may not see the code of this pair of submissions',
  },
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Locale = 'zh-CN' | 'en-US';
export const isMessageKey = (k: string): k is MessageKey => Object.hasOwn(MESSAGES, k);

export const message = (key: MessageKey, locale: Locale, vars: Record<string, string> = {}) =>
  MESSAGES[key][locale].replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');

/** The web app's language (apps/web/src/lib/i18n.ts, `initialLanguage`): the `l` query parameter (zh-cn gives
 * Chinese, anything else English), else the saved choice, else the browser's language (Chinese if zh-cn, otherwise
 * English), else Chinese. The server names the problem page's texts in index.html by the same rule
 * (apps/server/src/app.ts), without the saved choice, which only the browser knows. */
export const chooseLanguage = (input: {
  query: string | null;
  saved: string | null;
  browser: string | null | undefined;
}): Locale => {
  const toLocale = (value: string): Locale => (value.trim().toLowerCase() === 'zh-cn' ? 'zh-CN' : 'en-US');
  if (input.query !== null && input.query !== undefined) return toLocale(input.query);
  if (input.saved === 'zh-CN' || input.saved === 'en-US') return input.saved;
  if (input.browser) return toLocale(input.browser);
  return 'zh-CN';
};

/** Accept-Language → locale (RFC 9110 §12.5.4): of zh and en, the one the caller weighs higher (q, 1 when absent;
 * the earlier on a tie; q=0 is "not this one"); English when it names neither; zh-CN when it names nothing. */
export const localeOf = (acceptLanguage: string | undefined): Locale => {
  let best: { locale: Locale; q: number } | undefined;
  let named = false;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [range = '', ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    if (!range) continue;
    named = true;
    const qParam = params.find((x) => x.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const locale = /^zh(-|$)/.test(range) ? 'zh-CN' : /^en(-|$)/.test(range) ? 'en-US' : undefined;
    if (locale && Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale ?? (named ? 'en-US' : 'zh-CN');
};
