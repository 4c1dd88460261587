/** zh-CN texts of the about pages: the `about` namespace, named after the feature's folder and fetched with its
 * screens, never with the first visit to /home (lib/i18n.ts). en-US.ts carries the same keys. */
export default {
  // Introduction
  About_Lead:
    '{{name}} 是一个在线评测系统：在浏览器里写代码，用多种语言提交，由安全沙箱中的评测机自动评测；支持 ACM 与 OI 赛制的比赛、训练、团队和讨论。它由 TypeScript 编写：Node.js 服务端、独立的评测机和 React 网页端。',
  About_Features: '特点',
  About_Distributed: '分布式',
  About_Distributed_Text:
    '网站和评测相互独立：服务端把评测任务放进队列，一个或多个评测机通过 HTTP 协议领取任务、发送心跳、回报结果。服务端自带一个评测机，其他机器上的评测机凭令牌接入；评测机失联时任务会重新分配，不会丢失。数据存放在 PostgreSQL（或内置的 PGlite）中，多个服务端可以共用同一个数据库。',
  About_Customizable: '可定制',
  About_Customizable_Text:
    '管理员可以在后台修改网站名称、页脚、公告和各项开关（注册、讨论区、比赛评论等），维护题目标签。题目可以设置时间和内存限制、特殊评测（兼容 testlib 的检查器）、交互题、子任务评分方式，并能以题目包的形式导入和导出。',
  About_Secure: '安全',
  About_Secure_Text:
    '每次编译和运行都在 bubblewrap 沙箱中进行：使用非特权用户、独立的命名空间、没有网络、只读的编译器目录和全新的工作目录，并由 seccomp 过滤系统调用；每次运行都有自己的 cgroup，限制内存、CPU 时间和进程数。检查器本身也在沙箱中运行。',
  About_Diverse: '多样化',
  About_Diverse_Text:
    '支持多种语言：C、C++（C++14、C++17、C++20，可选 O2 优化）、Java、Python 3、Python 2、PyPy3、Go、JavaScript（Node.js）和 Rust；每台评测机提供它所在机器已安装的语言。题目支持普通评测、特殊评测和交互评测，比赛支持 ACM 和 OI 赛制，还有训练、团队（班级）和讨论区。',
  About_Result_Explanation_Link: '查看评测结果说明',
  // Developer
  Developer_Credits: '开发团队',
  Developer_Project: '项目',
  Developer_Team: '本站由其开发团队编写和维护。',
  Developer_HOJ:
    '本站的页面和接口沿用 HOJ（Hcode Online Judge）的设计，HOJ 自己的网页端也可以直接使用本站的接口。感谢 HOJ 的开发者。',
  Credit_Separator: '：',
  Developer_Open_Source: '致谢的开源项目',
  Credit_HOJ: '页面和接口的设计',
  Credit_Node: '服务端和评测机的运行环境',
  Credit_Fastify: '服务端的 HTTP 框架',
  Credit_PostgreSQL: '数据库',
  Credit_PGlite: '内置的 PostgreSQL，无需单独安装数据库',
  Credit_Drizzle: '数据库访问和迁移',
  Credit_Zod: '接口的数据校验',
  Credit_Bubblewrap: '评测沙箱',
  Credit_React: '网页端',
  Credit_Antd: '界面组件',
  Credit_TanStack: '网页端的数据请求和缓存',
  Credit_I18next: '中英文界面',
  Credit_CodeMirror: '代码编辑器',
  Credit_KaTeX: '题面中的数学公式',
  Credit_ECharts: '统计图表',
  Credit_Vite: '网页端的构建',
  // Result explanation
  Result_Explanation_Lead: '每次提交都会显示下面的一种结果。带旋转图标的结果表示评测仍在进行，页面会自动刷新它。',
  Result_Pending:
    '提交已进入队列，正在等待评测机领取。如果当前没有在线的评测机，页面顶部会提示评测已暂停，提交会一直排队。',
  Result_Compiling: '评测机已领取提交，正在编译代码。',
  Result_Judging: '代码正在逐个运行测试点。',
  Result_Accepted: '程序通过了全部测试点。',
  Result_PartialAccepted: 'OI 题目：部分测试点通过，得分按通过的测试点（或子任务，依题目的评分方式）计算。',
  Result_WrongAnswer: '某个测试点的输出与标准答案不同（特殊评测题目：检查器判定答案错误）。',
  Result_PresentationError:
    '输出的内容正确，但空白字符不同：去掉所有空格、制表符和换行后与答案一致。默认忽略行末空格和末尾空行。',
  Result_TimeLimitExceeded:
    '程序在某个测试点上使用的 CPU 时间超过了时间限制，或者实际运行时间过长（例如一直等待输入）。C/C++ 以外的语言时间和内存限制加倍（题号以 CF- 或 GYM- 开头的题目除外）。',
  Result_MemoryLimitExceeded: '程序使用的内存超过了内存限制（Java 和 Node.js 堆内存耗尽也算）。',
  Result_RuntimeError:
    '程序运行时崩溃或以非零返回值退出（如段错误、未捕获的异常、除以零、main 没有返回 0），或输出超出了上限（信息为 Output Limit Exceeded）。',
  Result_CompileError: '代码没有通过编译（Python 和 JavaScript 在运行前会先做语法检查）。编译信息显示在提交详情中。',
  Result_SystemError: '评测系统出错，例如检查器崩溃，或评测机连续失败三次，并不是你的程序的问题。请联系管理员。',
  Result_Cancelled: '管理员取消了这次提交的评测。',
  Result_Submitting: '页面正在发送你的代码。',
  Result_SubmittedFailed: '提交没能交给评测机。可以在提交列表中点击重新提交按钮。',
  Result_SubmittedUnknownResult: 'OI 比赛封榜后，提交已成功，但结果、得分和运行信息要等封榜结束后才公布。',
  Result_NotSubmitted: '你还没有提交过这道题（题目列表和训练中的“我的状态”）。',
} as const;
