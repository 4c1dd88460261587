/** HOJ's example encoding: `<input>..</input><output>..</output>` pairs in one string. */
export const parseExamples = (raw: string | null | undefined): { input: string; output: string }[] => {
  if (!raw) return [];
  const pairs: { input: string; output: string }[] = [];
  const re = /<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) pairs.push({ input: m[1] ?? '', output: m[2] ?? '' });
  return pairs;
};
