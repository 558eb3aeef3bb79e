import type { MouseEvent } from "react";

/** A plain left click: the one a link should turn into client-side routing. Any modifier or
 * another button keeps the browser's behaviour (new tab, new window, download). */
export function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** True when typing would go into an editable element (the "/" shortcut must not steal it). */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== "string") return false;
  const element = target as HTMLElement;
  const tag = element.tagName;
  return element.isContentEditable || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
}
