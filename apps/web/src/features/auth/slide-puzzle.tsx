import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { SLIDE_PUZZLE } from '@oj/shared';
import { Button } from 'antd';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDropAccepted, PIECE_BOX, paintPuzzleImage, randomTarget, tracePiece } from './puzzle-image';
import './slide-puzzle.css';

const HANDLE = 40;
const MAX_LEFT = SLIDE_PUZZLE.width - HANDLE;
/** The result message stays 1 s (spec 1-core §4). */
const MESSAGE_MS = 1000;

type Phase = 'idle' | 'moving' | 'success' | 'fail';

/** Slide-to-verify puzzle (spec 1-core §4, §9): width 325, height 100, piece 42, radius 10, accuracy 3. */
const SlidePuzzle = ({ onSuccess }: { onSuccess: () => void }) => {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const blockRef = useRef<HTMLCanvasElement>(null);
  const [target, setTarget] = useState(randomTarget);
  const [left, setLeft] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [seconds, setSeconds] = useState('0');
  const startedAt = useRef(0);
  const drag = useRef<{ originX: number } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current?.getContext('2d');
    const block = blockRef.current?.getContext('2d', { willReadFrequently: true });
    if (!canvas || !block || !blockRef.current) return;
    const { width, height, radius } = SLIDE_PUZZLE;
    canvas.clearRect(0, 0, width, height);
    blockRef.current.width = width;
    block.clearRect(0, 0, width, height);
    // The picture is painted once, then copied: the hole and the piece must show the same pixels.
    const picture = document.createElement('canvas');
    picture.width = width;
    picture.height = height;
    const pictureCtx = picture.getContext('2d');
    if (!pictureCtx) return;
    paintPuzzleImage(pictureCtx);
    canvas.drawImage(picture, 0, 0);
    tracePiece(canvas, target.x, target.y);
    canvas.fill();
    tracePiece(block, target.x, target.y);
    block.clip();
    block.drawImage(picture, 0, 0);
    const top = target.y - radius * 2 - 1;
    const piece = block.getImageData(target.x, top, PIECE_BOX, PIECE_BOX);
    blockRef.current.width = PIECE_BOX;
    block.putImageData(piece, 0, top);
  }, [target]);

  const reset = useCallback(() => {
    setLeft(0);
    setPhase('idle');
    setTarget(randomTarget());
  }, []);

  const start = () => {
    if (phase === 'success' || phase === 'fail') return false;
    if (phase === 'idle') startedAt.current = performance.now();
    setPhase('moving');
    return true;
  };

  const finish = (finalLeft: number) => {
    if (isDropAccepted(finalLeft, target.x)) {
      setSeconds(((performance.now() - startedAt.current) / 1000).toFixed(1));
      setPhase('success');
      setTimeout(onSuccess, MESSAGE_MS);
    } else {
      setPhase('fail');
      setTimeout(reset, MESSAGE_MS);
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!start()) return;
    drag.current = { originX: e.clientX - left };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setLeft(Math.min(MAX_LEFT, Math.max(0, e.clientX - drag.current.originX)));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const finalLeft = Math.min(MAX_LEFT, Math.max(0, e.clientX - drag.current.originX));
    drag.current = null;
    setLeft(finalLeft);
    finish(finalLeft);
  };

  // Keyboard users move the handle with the arrows and drop it with Enter or Space.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      if (!start()) return;
      setLeft((l) => Math.min(MAX_LEFT, Math.max(0, l + (e.key === 'ArrowRight' ? step : -step))));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      if (phase === 'moving') finish(left);
    }
  };

  return (
    <div className="oj-slide-puzzle" style={{ width: SLIDE_PUZZLE.width }}>
      <div className="oj-slide-puzzle__picture" style={{ height: SLIDE_PUZZLE.height }}>
        <div aria-hidden="true">
          <canvas ref={canvasRef} width={SLIDE_PUZZLE.width} height={SLIDE_PUZZLE.height} />
          <canvas
            ref={blockRef}
            className="oj-slide-puzzle__piece"
            width={PIECE_BOX}
            height={SLIDE_PUZZLE.height}
            style={{ left }}
          />
        </div>
        <div className="oj-slide-puzzle__refresh">
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined style={{ color: '#fff' }} />}
            aria-label={t('Refresh_Puzzle')}
            onClick={reset}
          />
        </div>
        {(phase === 'success' || phase === 'fail') && (
          <div className={`oj-slide-puzzle__result oj-slide-puzzle__result--${phase}`} role="status">
            {phase === 'success' ? t('Verify_Success', { seconds }) : t('Verify_Failed')}
          </div>
        )}
      </div>
      <div className={`oj-slide-puzzle__track oj-slide-puzzle__track--${phase}`}>
        <div className="oj-slide-puzzle__fill" style={{ width: left + HANDLE }} />
        {phase === 'idle' && <span className="oj-slide-puzzle__hint">{t('Slide_To_Verify')}</span>}
        <div
          className="oj-slide-puzzle__handle"
          role="slider"
          tabIndex={0}
          aria-label={t('Slide_Handle')}
          aria-valuemin={0}
          aria-valuemax={MAX_LEFT}
          aria-valuenow={left}
          style={{ left, width: HANDLE }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onKeyDown={onKeyDown}
        >
          {phase === 'success' ? <CheckOutlined /> : phase === 'fail' ? <CloseOutlined /> : <ArrowRightOutlined />}
        </div>
      </div>
    </div>
  );
};

export default SlidePuzzle;
