import type zhCN from './zh-CN';

/** en-US texts of the `diagnostics` namespace: exactly the keys of zh-CN.ts. */
export default {
  Diagnostics_List: 'What the compiler found',
  Diagnostics_Severity_error: 'Error',
  Diagnostics_Severity_warning: 'Warning',
  Diagnostics_Severity_note: 'Note',
  Diagnostics_Go_To_Line: 'Show line {{line}} in the code',
  Diagnostics_Other_File: 'Not in your code',
} satisfies Record<keyof typeof zhCN, string>;
