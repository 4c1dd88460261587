import { type Extension, RangeSetBuilder, StateEffect, StateField, type Text } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  GutterMarker,
  gutter,
  lineNumbers,
  showPanel,
  ViewPlugin,
  WidgetType,
} from '@codemirror/view';

/** What the code view shows of the reviews: the lines that get a slot under them (their reviews, the new review's
 * box), the lines reviews are about, the lines picked for a new review, and whether the viewer may pick lines. */
export interface LayerState {
  slotLines: number[];
  reviewed: ReadonlySet<number>;
  picked: { from: number; to: number } | null;
  canReview: boolean;
}

const EMPTY: LayerState = { slotLines: [], reviewed: new Set(), picked: null, canReview: false };

/** The slot of the panel above the code; a line's slot is `line-<n>`. */
export const PANEL_SLOT = 'panel';
export const lineSlot = (line: number) => `line-${line}`;

/**
 * The DOM elements CodeMirror made for the slots (block widgets under lines, a panel above the code), by key: React
 * renders the reviews into them through portals. CodeMirror makes and drops them as it draws (a widget far out of
 * view is dropped), so they are a store the React side subscribes to.
 */
export class SlotStore {
  private slots = new Map<string, HTMLElement>();
  private snapshot: ReadonlyMap<string, HTMLElement> = new Map();
  private listeners = new Set<() => void>();
  private pending = false;

  attach(key: string, el: HTMLElement) {
    this.slots.set(key, el);
    this.changed();
  }

  detach(key: string, el: HTMLElement) {
    if (this.slots.get(key) !== el) return;
    this.slots.delete(key);
    this.changed();
  }

  // CodeMirror draws inside its own updates, which may run while React renders: listeners hear of it afterwards.
  private changed() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      this.snapshot = new Map(this.slots);
      for (const l of this.listeners) l();
    });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;
}

class SlotWidget extends WidgetType {
  constructor(
    readonly key: string,
    readonly slots: SlotStore,
  ) {
    super();
  }

  eq(other: SlotWidget) {
    return other.key === this.key && other.slots === this.slots;
  }

  toDOM() {
    const el = document.createElement('div');
    el.className = 'oj-review-slot';
    el.contentEditable = 'false';
    this.slots.attach(this.key, el);
    return el;
  }

  destroy(el: HTMLElement) {
    this.slots.detach(this.key, el);
  }

  // Typing, clicks and selections inside a review are its own, never the editor's.
  ignoreEvent() {
    return true;
  }

  get estimatedHeight() {
    return 120;
  }
}

/** The "+" beside a line for whoever may review: a click picks the line, a shift-click stretches the pick to it. */
class PickMarker extends GutterMarker {
  constructor(
    readonly line: number,
    readonly picked: boolean,
    readonly label: string,
    readonly onPick: (line: number, extend: boolean) => void,
  ) {
    super();
  }

  eq(other: PickMarker) {
    return other.line === this.line && other.picked === this.picked && other.label === this.label;
  }

  toDOM() {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = this.picked ? 'oj-review-add oj-review-add--picked' : 'oj-review-add';
    b.textContent = '+';
    b.setAttribute('aria-label', this.label);
    // One per line: out of the tab order, so a keyboard does not walk through the whole program first.
    b.tabIndex = -1;
    b.addEventListener('mousedown', (e) => e.preventDefault());
    b.addEventListener('click', (e) => this.onPick(this.line, e.shiftKey));
    return b;
  }
}

const setLayer = StateEffect.define<LayerState>();

const decorate = (doc: Text, s: LayerState, slots: SlotStore): DecorationSet => {
  const builder = new RangeSetBuilder<Decoration>();
  const withSlot = new Set(s.slotLines);
  for (let n = 1; n <= doc.lines; n += 1) {
    const picked = !!s.picked && n >= s.picked.from && n <= s.picked.to;
    const reviewed = s.reviewed.has(n);
    if (!picked && !reviewed && !withSlot.has(n)) continue;
    const line = doc.line(n);
    if (picked || reviewed) {
      builder.add(
        line.from,
        line.from,
        Decoration.line({ class: picked ? 'oj-review-line oj-review-line--picked' : 'oj-review-line' }),
      );
    }
    if (withSlot.has(n)) {
      builder.add(
        line.to,
        line.to,
        Decoration.widget({ widget: new SlotWidget(lineSlot(n), slots), block: true, side: 1 }),
      );
    }
  }
  return builder.finish();
};

/** CodeMirror hides its gutters from assistive technology (line numbers read aloud are noise); the review gutter's
 * "+" buttons are controls, so while it has any, only the other gutters stay hidden. */
const exposeReviewGutter = ViewPlugin.define((view) => {
  const apply = () => {
    const gutters = view.dom.querySelector('.cm-gutters');
    if (!gutters) return;
    const review = gutters.querySelector('.oj-review-gutter');
    const exposed = !!review?.querySelector('button');
    if (!exposed) {
      if (gutters.getAttribute('aria-hidden') !== 'true') gutters.setAttribute('aria-hidden', 'true');
      return;
    }
    if (gutters.hasAttribute('aria-hidden')) gutters.removeAttribute('aria-hidden');
    for (const g of Array.from(gutters.children)) {
      if (g !== review && g.getAttribute('aria-hidden') !== 'true') g.setAttribute('aria-hidden', 'true');
    }
  };
  // After the gutters have drawn this update's markers (the measure cycle runs once every plugin has updated).
  const later = { key: apply, read: () => null, write: apply };
  apply();
  return { update: () => view.requestMeasure(later) };
});

const theme = EditorView.baseTheme({
  '.oj-review-line': { backgroundColor: 'rgba(250, 173, 20, 0.12)' },
  '.oj-review-line--picked': { backgroundColor: 'rgba(22, 119, 255, 0.16)' },
  '.oj-review-gutter .cm-gutterElement': { padding: '0 2px' },
  '.oj-review-add': {
    border: 0,
    borderRadius: '3px',
    padding: '0 4px',
    font: 'inherit',
    lineHeight: 'inherit',
    cursor: 'pointer',
    color: '#fff',
    backgroundColor: '#1677ff',
    opacity: 0.2,
  },
  '.cm-gutterElement:hover .oj-review-add, .oj-review-add:focus-visible, .oj-review-add--picked': { opacity: 1 },
  '@media (hover: none)': { '.oj-review-add': { opacity: 0.5 } },
  '&.oj-review-can-pick .cm-lineNumbers .cm-gutterElement': { cursor: 'pointer' },
  '.oj-review-slot': { whiteSpace: 'normal', cursor: 'auto', padding: '4px 8px 8px 4px' },
  '.cm-panels .oj-review-panel': { padding: '4px 8px' },
});

/**
 * The reviews' layer of a read-only code view (features/review/code-reviews.tsx draws into it): line colours, a slot
 * under each line that has reviews (or the new review's box), a panel above the code, and, for a reviewer, line
 * picking by the line numbers or the "+" beside them. Its extensions are made once; what it shows changes through
 * `show`, which is remembered for a view made later.
 */
export const createReviewLayer = () => {
  const slots = new SlotStore();
  let state = EMPTY;
  const views = new Set<EditorView>();
  const handlers = {
    onPick: (_line: number, _extend: boolean) => {},
    pickLabel: (line: number) => String(line),
  };
  const onPick = (line: number, extend: boolean) => handlers.onPick(line, extend);

  const field = StateField.define<{ layer: LayerState; decorations: DecorationSet }>({
    create: (s) => ({ layer: state, decorations: decorate(s.doc, state, slots) }),
    update(value, tr) {
      let layer = value.layer;
      for (const e of tr.effects) if (e.is(setLayer)) layer = e.value;
      if (layer === value.layer && !tr.docChanged) return value;
      return { layer, decorations: decorate(tr.state.doc, layer, slots) };
    },
    provide: (f) => [
      EditorView.decorations.from(f, (v) => v.decorations),
      // Line numbers look clickable only to whoever may pick lines.
      EditorView.editorAttributes.from(
        f,
        (v): Record<string, string> => (v.layer.canReview ? { class: 'oj-review-can-pick' } : {}),
      ),
    ],
  });
  const layerOf = (view: EditorView) => view.state.field(field).layer;

  const extensions: Extension[] = [
    field,
    theme,
    // A review reads beside its lines, never off to the right of a long one.
    EditorView.lineWrapping,
    exposeReviewGutter,
    ViewPlugin.define((view) => {
      views.add(view);
      return { destroy: () => views.delete(view) };
    }),
    showPanel.of(() => {
      const dom = document.createElement('div');
      dom.className = 'oj-review-panel';
      slots.attach(PANEL_SLOT, dom);
      return { dom, top: true, destroy: () => slots.detach(PANEL_SLOT, dom) };
    }),
    lineNumbers({
      domEventHandlers: {
        mousedown(view, line, event) {
          if (!layerOf(view).canReview) return false;
          onPick(view.state.doc.lineAt(line.from).number, (event as MouseEvent).shiftKey);
          return true;
        },
      },
    }),
    gutter({
      class: 'oj-review-gutter',
      lineMarker(view, line) {
        const s = layerOf(view);
        if (!s.canReview) return null;
        const n = view.state.doc.lineAt(line.from).number;
        const picked = !!s.picked && n >= s.picked.from && n <= s.picked.to;
        return new PickMarker(n, picked, handlers.pickLabel(n), onPick);
      },
      lineMarkerChange: (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(setLayer))),
    }),
  ];

  return {
    slots,
    extensions,
    handlers,
    /** Shows this state in every view of the layer (and in one made later). */
    show(next: LayerState) {
      state = next;
      for (const view of views) view.dispatch({ effects: setLayer.of(next) });
    },
    /** The reviews' heights changed (a box opened, text wrapped): the views measure again. */
    measure() {
      for (const view of views) view.requestMeasure();
    },
  };
};
export type ReviewLayer = ReturnType<typeof createReviewLayer>;
