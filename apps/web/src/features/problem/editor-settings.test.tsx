import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { problemDetailFixture } from '../../test-fixtures';
import { json, renderWithProviders, setupI18n, spyOnToasts, stubServer, stubTextLayout } from '../../test-utils';
import { loadEditorSettings } from './editor-storage';
import ProblemDetailPage from './problem-detail-page';

describe("the problem page's editor settings", { timeout: 30_000 }, () => {
  spyOnToasts();
  beforeAll(() => {
    stubTextLayout();
    return setupI18n('en-US');
  });
  beforeEach(() => localStorage.clear());

  it('opens the settings from the row above the editor and keeps the chosen font size and tab size', async () => {
    stubServer({
      '/api/get-problem-detail': json(problemDetailFixture({ problemId: 'SET-1' })),
      '/api/get-user-problem-status': json({}),
    });
    renderWithProviders([{ path: '/problem/:problemID', element: <ProblemDetailPage /> }], '/problem/SET-1');
    // The row above the editor is a chunk of its own: until it is there, a stand-in with the button disabled.
    const button = await waitFor(
      () => {
        const found = screen.getByRole('button', { name: /Editor settings$/ }) as HTMLButtonElement;
        if (found.disabled) throw new Error('the row is still its stand-in');
        return found;
      },
      { timeout: 10_000 },
    );
    // The form is its own chunk: asked for when the pointer comes to the button, shown when the popover opens.
    fireEvent.pointerEnter(button);
    fireEvent.click(button);
    const fontSize = await screen.findByRole('combobox', { name: 'Font size' }, { timeout: 10_000 });
    fireEvent.mouseDown(fontSize);
    fireEvent.click(await screen.findByTitle('18px'));
    await waitFor(() => expect(loadEditorSettings().fontSize).toBe(18));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tab size' }));
    fireEvent.click(await screen.findByTitle('2'));
    await waitFor(() => expect(loadEditorSettings()).toMatchObject({ fontSize: 18, tabSize: 2 }));
  });
});
