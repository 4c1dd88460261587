import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Panel } from './panel';

describe('Panel header (narrow screens)', () => {
  it('keeps the title and the extra controls in separate boxes, so the controls wrap below the title', () => {
    const { container } = render(
      <Panel title="Contest List" extra={<button type="button">Filter</button>}>
        body
      </Panel>,
    );
    const header = container.querySelector('.oj-panel__header') as HTMLElement;
    const [title, extra] = Array.from(header.children);
    expect(title.className).toBe('oj-panel__title');
    expect(title.textContent).toBe('Contest List');
    expect(extra.className).toBe('oj-panel__extra');
    expect(extra.querySelector('button')?.textContent).toBe('Filter');
  });

  it('adds no extra box without controls', () => {
    const { container } = render(<Panel title="Announcements">body</Panel>);
    expect(container.querySelector('.oj-panel__extra')).toBeNull();
  });
});
