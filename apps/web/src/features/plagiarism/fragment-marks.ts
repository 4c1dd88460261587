import { type Extension, RangeSetBuilder, type Text } from '@codemirror/state';
import { Decoration, EditorView } from '@codemirror/view';
import type { PlagiarismRange } from '@oj/shared';

/** A fragment's place in a document: lines 1-based, columns 0-based, the end exclusive (the engine's ranges), clamped
 * to the document so a range past its end never throws. */
export const offsetsOf = (doc: Text, r: PlagiarismRange) => {
  const at = (line: number, col: number) => {
    const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
    return Math.min(l.from + Math.max(col, 0), l.to);
  };
  const from = at(r.startLine, r.startCol);
  return { from, to: Math.max(from, at(r.endLine, r.endCol)) };
};

/** Colours the fragments cycle through, so neighbours differ. */
const SHADES = 4;

/**
 * One side's fragments as marks in a read-only code view: each fragment a coloured stretch (`oj-fragment-<n>`), the
 * selected one outlined; a click inside a fragment selects it (the page scrolls the other side to its match).
 */
export const fragmentMarks = (
  ranges: PlagiarismRange[],
  selected: number | null,
  onSelect: (index: number) => void,
): Extension => {
  const decorations = EditorView.decorations.compute(['doc'], (state) => {
    const marks = ranges
      .map((r, i) => ({ i, ...offsetsOf(state.doc, r) }))
      .filter((m) => m.to > m.from)
      .sort((a, b) => a.from - b.from || a.to - b.to);
    const builder = new RangeSetBuilder<Decoration>();
    for (const m of marks) {
      const cls = `oj-fragment oj-fragment-${m.i % SHADES}${m.i === selected ? ' oj-fragment-selected' : ''}`;
      builder.add(m.from, m.to, Decoration.mark({ class: cls, attributes: { 'data-fragment': String(m.i) } }));
    }
    return builder.finish();
  });
  const clicks = EditorView.domEventHandlers({
    click: (event, view) => {
      const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
      if (pos === null) return false;
      const hit = ranges.findIndex((r) => {
        const { from, to } = offsetsOf(view.state.doc, r);
        return pos >= from && pos < to;
      });
      if (hit < 0) return false;
      onSelect(hit);
      return true;
    },
  });
  return [decorations, clicks];
};

/** Scrolls a code view to a fragment, centred. */
export const scrollToRange = (view: EditorView, r: PlagiarismRange) => {
  const { from } = offsetsOf(view.state.doc, r);
  view.dispatch({ effects: EditorView.scrollIntoView(from, { y: 'center' }) });
};
