import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { account, SLIDE_PUZZLE } from '@oj/shared';
import { Button, Spin } from 'antd';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import './slide-puzzle.css';

const HANDLE = 40;
const MAX_LEFT = SLIDE_PUZZLE.width - HANDLE;
/** The result message stays 1 s. */
const MESSAGE_MS = 1000;

/** How much the 325 px puzzle is shrunk to fit a narrower container (the 370 px login dialog leaves it 322 px):
 * never enlarged, and 1 while the width is unknown (not laid out yet). */
export const puzzleScale = (containerWidth: number) =>
  containerWidth > 0 ? Math.min(1, containerWidth / SLIDE_PUZZLE.width) : 1;

/** The scale for the element's current width, followed as it resizes. */
const useFitScale = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setScale(puzzleScale(el.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, scale };
};

type Puzzle = account.SlidePuzzle;
type Phase = 'idle' | 'moving' | 'checking' | 'success' | 'fail';

/**
 * Slide-to-verify puzzle: 325 x 100, piece 42, radius 10, accuracy 3. The server draws it and
 * keeps where the piece fits (decision 0014): the browser shows the two pictures, sends where the piece was
 * dropped, and gets a single-use proof for the next login when that is right. Puzzles are asked for `username`, the
 * account the login is for: the server counts them per username and address (so others on the same address cannot
 * use them up) and the proof logs in that account only.
 */
const SlidePuzzle = ({ username, onSuccess }: { username: string; onSuccess: (verificationToken: string) => void }) => {
  const { t } = useTranslation();
  const [puzzle, setPuzzle] = useState<Puzzle | null>(null);
  const [left, setLeft] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [seconds, setSeconds] = useState('0');
  const startedAt = useRef(0);
  const drag = useRef<{ originX: number } | null>(null);
  const mounted = useRef(true);
  // Positions stay in puzzle pixels (what the server checks); only the drawing is scaled to the container.
  const { ref, scale } = useFitScale();

  const load = useCallback(async () => {
    setLeft(0);
    setPhase('idle');
    setPuzzle(null);
    try {
      const next = await api.call(account.getSlidePuzzle, { username });
      if (mounted.current) setPuzzle(next);
    } catch {
      // The client showed why; the refresh button asks again.
    }
  }, [username]);

  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  const start = () => {
    if (!puzzle || phase === 'checking' || phase === 'success' || phase === 'fail') return false;
    if (phase === 'idle') startedAt.current = performance.now();
    setPhase('moving');
    return true;
  };

  const finish = async (finalLeft: number) => {
    if (!puzzle) return;
    setPhase('checking');
    try {
      const { verificationToken } = await api.call(
        account.checkSlidePuzzle,
        { puzzleKey: puzzle.puzzleKey, left: Math.round(finalLeft) },
        { silent: true },
      );
      if (!mounted.current) return;
      setSeconds(((performance.now() - startedAt.current) / 1000).toFixed(1));
      setPhase('success');
      setTimeout(() => onSuccess(verificationToken), MESSAGE_MS);
    } catch {
      if (!mounted.current) return;
      // A puzzle is checked once: a miss brings a new one.
      setPhase('fail');
      setTimeout(() => {
        if (mounted.current) void load();
      }, MESSAGE_MS);
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!start()) return;
    drag.current = { originX: e.clientX - left * scale };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setLeft(Math.min(MAX_LEFT, Math.max(0, (e.clientX - drag.current.originX) / scale)));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const finalLeft = Math.min(MAX_LEFT, Math.max(0, (e.clientX - drag.current.originX) / scale));
    drag.current = null;
    setLeft(finalLeft);
    void finish(finalLeft);
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
      if (phase === 'moving') void finish(left);
    }
  };

  const ended = phase === 'success' || phase === 'fail';
  return (
    <div ref={ref} className="oj-slide-puzzle" style={{ maxWidth: SLIDE_PUZZLE.width }}>
      <div className="oj-slide-puzzle__picture" style={{ height: SLIDE_PUZZLE.height * scale }}>
        {puzzle ? (
          <div
            aria-hidden="true"
            className="oj-slide-puzzle__canvas"
            style={{ width: SLIDE_PUZZLE.width, height: SLIDE_PUZZLE.height, transform: `scale(${scale})` }}
          >
            <img
              src={puzzle.backgroundImage}
              width={SLIDE_PUZZLE.width}
              height={SLIDE_PUZZLE.height}
              alt=""
              draggable={false}
            />
            <img
              className="oj-slide-puzzle__piece"
              src={puzzle.pieceImage}
              style={{ left, top: puzzle.pieceY }}
              alt=""
              draggable={false}
            />
          </div>
        ) : (
          <div className="oj-slide-puzzle__loading">
            <Spin />
          </div>
        )}
        <div className="oj-slide-puzzle__refresh">
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined style={{ color: '#fff' }} />}
            aria-label={t('Refresh_Puzzle')}
            disabled={phase === 'checking' || ended}
            onClick={() => void load()}
          />
        </div>
        {ended && (
          <div className={`oj-slide-puzzle__result oj-slide-puzzle__result--${phase}`} role="status">
            {phase === 'success' ? t('Verify_Success', { seconds }) : t('Verify_Failed')}
          </div>
        )}
      </div>
      <div className={`oj-slide-puzzle__track oj-slide-puzzle__track--${phase}`}>
        <div className="oj-slide-puzzle__fill" style={{ width: (left + HANDLE) * scale }} />
        {phase === 'idle' && <span className="oj-slide-puzzle__hint">{t('Slide_To_Verify')}</span>}
        <div
          className="oj-slide-puzzle__handle"
          role="slider"
          tabIndex={0}
          aria-label={t('Slide_Handle')}
          aria-valuemin={0}
          aria-valuemax={MAX_LEFT}
          aria-valuenow={left}
          aria-busy={phase === 'checking'}
          style={{ left: left * scale, width: HANDLE * scale }}
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
