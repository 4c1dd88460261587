import type zhCN from './zh-CN';

/** en-US texts of the `about` namespace: exactly the keys of zh-CN.ts. */
export default {
  // Introduction
  About_Lead:
    '{{name}} is an online judge: write code in the browser, submit it in many languages and have it judged automatically in a secure sandbox; with ACM and OI contests, trainings, groups and discussions. It is written in TypeScript: a Node.js server, standalone judge workers and a React web client.',
  About_Features: 'Features',
  About_Distributed: 'Distributed',
  About_Distributed_Text:
    'The website and the judging are separate: the server queues judge tasks, and one or more judge workers claim them over HTTP, send heartbeats and report results. The server starts a judge of its own; judges on other machines join with a token. A task whose judge goes silent is handed out again, never lost. Data lives in PostgreSQL (or the embedded PGlite), which several servers can share.',
  About_Customizable: 'Customizable',
  About_Customizable_Text:
    'Administrators set the site name, footer, announcements and switches (registration, discussion areas, contest comments) and keep the problem tags. A problem has its own time and memory limits, may use a special judge (testlib-compatible checkers) or an interactor and a subtask scoring mode, and can be imported and exported as a problem package.',
  About_Secure: 'Secure',
  About_Secure_Text:
    'Every compile and every run happens in a bubblewrap sandbox: an unprivileged user, its own namespaces, no network, read-only compiler directories and a fresh work directory, with system calls filtered by seccomp; each run has its own cgroup that limits memory, CPU time and processes. Checkers run in the sandbox too.',
  About_Diverse: 'Diverse',
  About_Diverse_Text:
    'Many languages: C, C++ (C++14, C++17, C++20, with or without O2), Java, Python 3, Python 2, PyPy3, Go, JavaScript (Node.js) and Rust; each judge offers the languages installed on its machine. Problems are judged by comparing output, by a special judge or interactively; contests follow ACM or OI rules; there are trainings, groups (classes) and discussions too.',
  About_Result_Explanation_Link: 'What each judging result means',
  // Developer
  Developer_Credits: 'Development team',
  Developer_Project: 'Project',
  Developer_Team: 'This site is written and maintained by its development team.',
  Developer_HOJ:
    'The screens and the API follow those of HOJ (Hcode Online Judge), so HOJ’s own web client works with this server. Thanks to the developers of HOJ.',
  Credit_Separator: ': ',
  Developer_Open_Source: 'Open-source projects we thank',
  Credit_HOJ: 'the design of the screens and the API',
  Credit_Node: 'runs the server and the judges',
  Credit_Fastify: 'the server’s HTTP framework',
  Credit_PostgreSQL: 'the database',
  Credit_PGlite: 'the embedded PostgreSQL: no database to install',
  Credit_Drizzle: 'database access and migrations',
  Credit_Zod: 'validation of the API’s data',
  Credit_Bubblewrap: 'the judge’s sandbox',
  Credit_React: 'the web client',
  Credit_Antd: 'interface components',
  Credit_TanStack: 'the web client’s data fetching and caching',
  Credit_I18next: 'the Chinese and English interface',
  Credit_CodeMirror: 'the code editor',
  Credit_KaTeX: 'maths in problem statements',
  Credit_ECharts: 'charts',
  Credit_Vite: 'builds the web client',
  // Result explanation
  Result_Explanation_Lead:
    'Every submission shows one of these results. A spinning icon means it is still being judged; the page refreshes it by itself.',
  Result_Pending:
    'The submission is queued and waits for a judge to take it. When no judge is online, the top of the page says judging is paused and submissions keep waiting.',
  Result_Compiling: 'A judge has taken the submission and is compiling the code.',
  Result_Judging: 'The program is running on the test cases.',
  Result_Accepted: 'The program passed every test case.',
  Result_PartialAccepted:
    'OI problems: some test cases passed; the score counts the passed cases (or subtasks, by the problem’s scoring mode).',
  Result_WrongAnswer:
    'On some test case the output differs from the expected answer (on a special-judge problem: the checker rejected it).',
  Result_PresentationError:
    'The output has the right content but different white space: it matches the answer once every space, tab and line break is removed. Spaces at the end of a line and blank lines at the end are ignored by default.',
  Result_TimeLimitExceeded:
    'On some test case the program used more CPU time than the limit, or ran far too long in real time (waiting for input, for instance). Languages other than C/C++ get twice the time and memory limits (except on problems whose id starts with CF- or GYM-).',
  Result_MemoryLimitExceeded:
    'The program used more memory than the limit (running out of heap in Java or Node.js counts too).',
  Result_RuntimeError:
    'The program crashed or exited with a non-zero code (a segmentation fault, an uncaught exception, a division by zero, main not returning 0), or printed more than the output cap (the message says Output Limit Exceeded).',
  Result_CompileError:
    'The code did not compile (Python and JavaScript get a syntax check before they run). The compiler’s message is on the submission’s page.',
  Result_SystemError:
    'The judging system failed, for instance a checker crashed or judges failed three times in a row; it is not your program’s fault. Please tell an administrator.',
  Result_Cancelled: 'An administrator cancelled the judging of this submission.',
  Result_Submitting: 'The page is sending your code.',
  Result_SubmittedFailed:
    'The submission could not be handed to a judge. Use the resubmit button in the submission list.',
  Result_SubmittedUnknownResult:
    'In an OI contest after the rank is sealed: the submission was received, but its result, score and run data are shown only when the seal ends.',
  Result_NotSubmitted: 'You have not submitted to this problem yet (the “my status” of problem lists and trainings).',
} satisfies Record<keyof typeof zhCN, string>;
