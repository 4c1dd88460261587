/** An answer already serialised to JSON, for hot paths that build it from cached pieces (the scoreboard keeps each
 * row's JSON with its cached board). `bind` sends it inside the envelope as it is, after checking it against the
 * contract's output schema when output validation is on, so the wire is the same as for the object. */
export class PreSerialized<T> {
  /** Type only: what the JSON holds. */
  declare readonly value?: T;
  constructor(readonly json: string) {}
}
