const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Escapes text for HTML. By default the result is safe in content and in
 * quoted attribute values alike; `"text"` escapes only what element content
 * needs (`&`, `<`, `>`), which keeps quote-heavy code blocks small in the page chunks.
 */
export function escapeHtml(text: string, context: "attribute" | "text" = "attribute"): string {
  return text.replace(context === "text" ? /[&<>]/g : /[&<>"']/g, (ch) => ENTITIES[ch]);
}
