import { SLIDE_PUZZLE } from '@oj/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderElement, setupI18n, stubServer } from '../../test-utils';
import SlidePuzzle, { puzzleScale } from './slide-puzzle';

const PUZZLE = {
  puzzleKey: 'pk-1',
  backgroundImage: 'data:image/png;base64,YmFja2dyb3VuZA==',
  pieceImage: 'data:image/png;base64,cGllY2U=',
  pieceY: 17,
};
const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** The login dialog (370 px, 24 px padding) leaves the puzzle 322 px. */
const DIALOG_CONTENT = 322;
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');

beforeAll(() => setupI18n('en-US'));
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('oj-slide-puzzle') ? DIALOG_CONTENT : 0;
    },
  });
  Object.assign(HTMLElement.prototype, { setPointerCapture: () => {}, releasePointerCapture: () => {} });
});
afterEach(() => {
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
});

describe('slide puzzle in a narrow container', () => {
  it('shrinks to fit, never grows', () => {
    expect(puzzleScale(DIALOG_CONTENT)).toBeCloseTo(DIALOG_CONTENT / SLIDE_PUZZLE.width);
    expect(puzzleScale(800)).toBe(1);
    expect(puzzleScale(0)).toBe(1);
  });

  it('draws the pictures at the container width and sends the drop in puzzle pixels', async () => {
    const fetchMock = stubServer({
      '/api/get-slide-puzzle': () => ok(PUZZLE),
      '/api/check-slide-puzzle': () => ok({ verificationToken: 'proof-1' }),
    });
    const { container } = renderElement(<SlidePuzzle username="alice" onSuccess={() => {}} />);
    await waitFor(() => expect(container.querySelector(`img[src="${PUZZLE.pieceImage}"]`)).toBeTruthy());
    const scale = DIALOG_CONTENT / SLIDE_PUZZLE.width;

    const root = container.querySelector('.oj-slide-puzzle') as HTMLElement;
    expect(root.style.maxWidth).toBe(`${SLIDE_PUZZLE.width}px`);
    expect(root.style.width).toBe('');
    const picture = container.querySelector('.oj-slide-puzzle__picture') as HTMLElement;
    expect(Number.parseFloat(picture.style.height)).toBeCloseTo(SLIDE_PUZZLE.height * scale);
    const canvas = container.querySelector('.oj-slide-puzzle__canvas') as HTMLElement;
    expect(canvas.style.transform).toBe(`scale(${scale})`);

    // Dragging the handle 99 screen pixels moves the piece 99 / scale = 99.9 puzzle pixels.
    const handle = screen.getByRole('slider', { name: 'Slider handle' });
    fireEvent.pointerDown(handle, { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 60, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 109, pointerId: 1 });
    const piece = container.querySelector(`img[src="${PUZZLE.pieceImage}"]`) as HTMLImageElement;
    expect(Number.parseFloat(piece.style.left)).toBeCloseTo(99 / scale);
    // The handle sits under the finger: the piece's place on screen.
    expect(Number.parseFloat(handle.style.left)).toBeCloseTo(99);
    const sent = () =>
      (fetchMock.mock.calls as unknown as [string, RequestInit][])
        .filter(([url]) => url === '/api/check-slide-puzzle')
        .map(([, init]) => JSON.parse(String(init.body)));
    await waitFor(() => expect(sent()).toEqual([{ puzzleKey: 'pk-1', left: Math.round(99 / scale) }]));
  });
});
