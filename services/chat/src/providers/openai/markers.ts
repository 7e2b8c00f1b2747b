/**
 * Citation markers. The model cites a source by writing its reference in double square brackets:
 * `[[S1]]`, or several at once: `[[S1, S3]]` (the full article id, `[[<law guid>#53]]`, is accepted
 * too). Markers are parsed out of the stream as it arrives — a marker may be split across tokens —
 * and replaced by a readable reference ("(Labor Law, Article 53)"); a marker naming no known source
 * is reported as cited (so verification flags it) and removed from the text, never shown as real.
 */

const OPEN = "[[";
const CLOSE = "]]";
/** A `[[` not closed within this many characters is plain text. */
const MAX_MARKER_CHARS = 120;

export type MarkerPiece = { type: "text"; text: string } | { type: "marker"; refs: string[] };

/** Splits streamed text into plain text and citation markers, holding back a possibly partial marker. */
export class CitationMarkerParser {
  private buffer = "";

  /** The pieces that are complete once `delta` is added. */
  push(delta: string): MarkerPiece[] {
    this.buffer += delta;
    const pieces: MarkerPiece[] = [];
    for (;;) {
      const open = this.buffer.indexOf(OPEN);
      if (open < 0) {
        // A trailing "[" may begin a marker: hold it back.
        const keep = this.buffer.endsWith("[") ? 1 : 0;
        this.emitText(pieces, this.buffer.slice(0, this.buffer.length - keep));
        this.buffer = this.buffer.slice(this.buffer.length - keep);
        return pieces;
      }
      this.emitText(pieces, this.buffer.slice(0, open));
      this.buffer = this.buffer.slice(open);
      const close = this.buffer.indexOf(CLOSE, OPEN.length);
      const inner = close < 0 ? this.buffer.slice(OPEN.length) : this.buffer.slice(OPEN.length, close);
      const plausible = inner.length <= MAX_MARKER_CHARS && !/[\n[]/.test(inner);
      if (close < 0 && plausible) return pieces; // wait for the rest of the marker
      if (close < 0 || !plausible) {
        // Not a marker: its first "[" is text.
        this.emitText(pieces, "[");
        this.buffer = this.buffer.slice(1);
        continue;
      }
      const refs = inner
        .split(/[,،;؛\s]+/u)
        .map((ref) => ref.trim())
        .filter(Boolean);
      if (refs.length > 0) pieces.push({ type: "marker", refs });
      this.buffer = this.buffer.slice(close + CLOSE.length);
    }
  }

  /** Whatever is held back, as text (the stream ended). */
  end(): MarkerPiece[] {
    const rest = this.buffer;
    this.buffer = "";
    return rest ? [{ type: "text", text: rest }] : [];
  }

  private emitText(pieces: MarkerPiece[], text: string): void {
    if (!text) return;
    const last = pieces[pieces.length - 1];
    if (last?.type === "text") last.text += text;
    else pieces.push({ type: "text", text });
  }
}
