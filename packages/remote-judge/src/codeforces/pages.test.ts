import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { csrfTokenOf, loginFormError, submitFormError } from './pages.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/codeforces/${name}`, import.meta.url), 'utf8');

describe('Codeforces pages', () => {
  it('reads the csrf token of the login and submit pages', () => {
    expect(csrfTokenOf(fixture('enter.html'))).toBe('3f2a9c8e7d6b5a4f3e2d1c0b9a8f7e6d');
    expect(csrfTokenOf(fixture('submit.html'))).toBe('3f2a9c8e7d6b5a4f3e2d1c0b9a8f7e6d');
    expect(csrfTokenOf('<html><body>nothing</body></html>')).toBeNull();
  });

  it("reads the login form's error", () => {
    expect(loginFormError(fixture('enter-failed.html'))).toBe('Invalid handle/email or password');
    expect(loginFormError(fixture('submit.html'))).toBeNull();
  });

  it("reads the submit form's complaint, such as a source submitted before", () => {
    expect(submitFormError(fixture('submit.html'))).toBeNull();
    const refused = fixture('submit.html').replace(
      '<span class="error for__source"></span>',
      '<span class="error for__source">You have submitted exactly the same code before</span>',
    );
    expect(submitFormError(refused)).toBe('You have submitted exactly the same code before');
  });
});
