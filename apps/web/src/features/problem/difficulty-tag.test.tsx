import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderElement, setupI18n } from '../../test-utils';
import { DifficultyTag } from './difficulty-tag';

describe('difficulty tag', () => {
  it.each([
    ['zh-CN', ['简单', '中等', '困难']],
    ['en-US', ['Easy', 'Mid', 'Hard']],
  ] as const)('names the level in %s on any page', async (lang, names) => {
    await setupI18n(lang);
    renderElement(
      <>
        <DifficultyTag difficulty={0} />
        <DifficultyTag difficulty={1} />
        <DifficultyTag difficulty={2} />
      </>,
    );
    for (const name of names) expect(await screen.findByText(name)).toBeTruthy();
  });
});
