/** Cuts text to `max` characters plus an ellipsis (whole code points; trailing space trimmed). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join("").trimEnd()}…`;
}

/** Spec §9: conversation title length by window width. */
export function titleLengthFor(width: number): number {
  if (width < 380) return 20;
  if (width < 480) return 25;
  if (width < 640) return 35;
  if (width < 768) return 45;
  if (width < 1024) return 60;
  return 80;
}
