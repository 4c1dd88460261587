import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderElement, setupI18n, stubServer } from '../../test-utils';
import { languageMode, loadLanguage } from './editor-languages';
import { type DescriptionData, ProblemDescription } from './problem-description';

const IMPORTED: DescriptionData = {
  title: 'Codehorses T-shirts',
  problemId: 'CF-1000A',
  author: 'root',
  difficulty: 1,
  description: 'Statement',
  input: '',
  output: '',
  examples: '',
  hint: '',
  source: 'https://codeforces.com/problemset/problem/1000/A',
  isRemote: true,
  tags: [],
  timeLimit: 2000,
  memoryLimit: 256,
};

beforeAll(() => setupI18n('en-US'));
// The statement's renderer reads the site's settings.
beforeEach(() => stubServer());

describe('an imported problem on the problem page', () => {
  it('links the original problem on its site and says where the code is judged', () => {
    renderElement(<ProblemDescription data={IMPORTED} />);
    const link = screen.getByRole('link', { name: 'Codeforces 1000A' });
    expect(link.getAttribute('href')).toBe('https://codeforces.com/problemset/problem/1000/A');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText("Code for this problem is judged on Codeforces, in that site's languages")).toBeTruthy();
    // The limits as given (CF-/GYM- are not doubled: the server's languageLimits say so), the URL not twice.
    expect(screen.getByText('2000 ms')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Source' })).toBeNull();
  });

  it('keeps a local problem as it was, its source shown as text', () => {
    renderElement(
      <ProblemDescription data={{ ...IMPORTED, problemId: '1000', isRemote: false, source: 'NOIP 2005' }} />,
    );
    expect(screen.queryByText('Original problem')).toBeNull();
    expect(screen.getByRole('region', { name: 'Source' }).textContent).toContain('NOIP 2005');
  });

  it("highlights the site's language names in the editor", async () => {
    const modes = {
      'GNU G++17 7.3.0': 'cpp',
      'GNU GCC C11 5.1.0': 'cpp',
      'Java 21 64bit': 'java',
      'Go 1.22.2': 'go',
      'Node.js 15.8.0': 'javascript',
      'PyPy 3.10': 'python',
    } as const;
    for (const [name, mode] of Object.entries(modes)) {
      expect(languageMode(name), name).toBe(mode);
      expect(await loadLanguage(mode), name).toBeTruthy();
    }
    expect(languageMode('Pascal')).toBeNull();
  });
});
