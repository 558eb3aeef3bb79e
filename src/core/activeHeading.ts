/**
 * Which table-of-contents entry is "current" while reading: the last heading
 * whose top has scrolled above the reading line. At the very bottom of the
 * page (where the last short sections can never reach the line) it is the last
 * heading visible on screen.
 */
export interface HeadingPosition {
  id: string;
  /** Distance from the top of the viewport, in CSS pixels (negative once scrolled past). */
  top: number;
}

export function activeHeadingId(
  headings: readonly HeadingPosition[],
  readingLine: number,
  viewportHeight: number,
  atBottom: boolean,
): string | undefined {
  if (headings.length === 0) return undefined;
  let active = headings[0].id;
  for (const heading of headings) {
    if (heading.top <= readingLine) active = heading.id;
    else if (atBottom && heading.top < viewportHeight) active = heading.id;
    else break;
  }
  return active;
}
