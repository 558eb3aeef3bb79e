/**
 * Fixes to DocSearch's modal markup that its props cannot reach, applied to the rendered DOM:
 * - the backdrop is a focusable role="button" wrapping the whole dialog (nested interactive
 *   controls); it keeps its click-to-close handler but loses the role, tab stop and the
 *   combobox attributes meant for a role it no longer has;
 * - the modal box becomes a labelled modal dialog;
 * - the modal's <footer> is not the page's contentinfo landmark.
 */
const CONTAINER_ATTRIBUTES = ["role", "tabindex", "aria-expanded", "aria-haspopup", "aria-owns", "aria-labelledby"];

export function patchModalAccessibility(root: ParentNode): void {
  const container = root.querySelector(".DocSearch-Container");
  if (container) for (const name of CONTAINER_ATTRIBUTES) if (container.hasAttribute(name)) container.removeAttribute(name);
  const dialog = root.querySelector(".DocSearch-Modal");
  if (dialog && dialog.getAttribute("role") !== "dialog") {
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    dialog.setAttribute("aria-label", "Search");
  }
  const footer = root.querySelector(".DocSearch-Footer");
  if (footer && footer.getAttribute("role") !== "none") footer.setAttribute("role", "none");
}
