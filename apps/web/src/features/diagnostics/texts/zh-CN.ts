/** zh-CN texts of a compile error's messages read into places (decision 0053): the `diagnostics` namespace, fetched
 * when a compile error's list first shows. en-US.ts carries the same keys. */
export default {
  Diagnostics_List: '编译器指出的问题',
  Diagnostics_Severity_error: '错误',
  Diagnostics_Severity_warning: '警告',
  Diagnostics_Severity_note: '提示',
  Diagnostics_Go_To_Line: '在代码中查看第 {{line}} 行',
  Diagnostics_Other_File: '不在你的代码中',
};
