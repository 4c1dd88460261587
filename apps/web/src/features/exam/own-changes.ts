/** The clarifications this tab has just asked, answered or broadcast: their live event is not announced back to the
 * one who made the change (use-clarification-alerts.tsx). */
const own = new Set<number>();

export const markOwnChange = (id: number) => {
  own.add(id);
};

/** Whether the change of `id` was this tab's own (each is forgotten once its event came). */
export const takeOwnChange = (id: number) => own.delete(id);
