/**
 * Fixes to DocSearch's modal markup that its props cannot reach, applied to the rendered DOM:
 * - the backdrop is a focusable role="button" wrapping the whole dialog (nested interactive
 *   controls); it keeps its click-to-close handler but loses the role, tab stop and the
 *   combobox attributes meant for a role it no longer has;
 * - the modal box becomes a labelled modal dialog;
 * - the modal's <footer> is not the page's contentinfo landmark;
 * - the input's aria-controls names one list per result group ("docsearch-hits0-list") while
 *   the one list rendered has another id: it is pointed at the lists that exist;
 * - each hit is an <li role="option"> around our link (SearchHit): an option's content is
 *   presentational, so a link inside it is a control screen readers may never announce (axe:
 *   nested-interactive). The link becomes the option instead: role, id (the input's
 *   aria-activedescendant) and aria-selected move from the <li>, which becomes role="none".
 *   React sets aria-selected on the <li> again whenever the active hit changes, so the
 *   observer that calls this also watches those attributes and they are moved each time.
 */
const CONTAINER_ATTRIBUTES = ["role", "tabindex", "aria-expanded", "aria-haspopup", "aria-owns", "aria-labelledby", "aria-controls"];

function pointInputAtLists(root: ParentNode): void {
  const input = root.querySelector(".DocSearch-Input");
  if (!input) return;
  const lists = [...root.querySelectorAll("[role=listbox][id]")].map((list) => list.id).join(" ");
  if (!lists) input.removeAttribute("aria-controls");
  else if (input.getAttribute("aria-controls") !== lists) input.setAttribute("aria-controls", lists);
}

/** The attributes of a hit's option that belong on its link; watched by the modal's observer. */
export const HIT_OPTION_ATTRIBUTES = ["role", "id", "aria-selected"];

function makeLinksTheOptions(root: ParentNode): void {
  for (const item of root.querySelectorAll(".DocSearch-Hit")) {
    const link = item.querySelector(":scope > a");
    if (!link) continue;
    for (const name of HIT_OPTION_ATTRIBUTES) {
      const value = item.getAttribute(name);
      if (value === null || (name === "role" && value === "none")) continue;
      link.setAttribute(name, value);
      item.removeAttribute(name);
    }
    if (item.getAttribute("role") !== "none") item.setAttribute("role", "none");
  }
}

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
  makeLinksTheOptions(root);
  pointInputAtLists(root);
}
