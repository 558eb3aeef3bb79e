import type { SidebarCategory, SidebarLink } from "../../core/types";
import { isExternalUrl } from "../../core/paths";
import Link from "../Link/Link";

/** The first link inside a category, for a category card without a page of its own. */
function firstHref(category: SidebarCategory): string | undefined {
  if (category.href) return category.href;
  for (const item of category.items) {
    if (item.type === "link") return item.href;
    if (item.type === "category") {
      const inner = firstHref(item);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** One card of a DocCardList: a doc or link with its description, or a category with its item count. */
export default function DocCard({ item }: { item: SidebarLink | SidebarCategory }) {
  const href = item.type === "category" ? firstHref(item) : item.href;
  if (!href) return null;
  const icon = item.type === "category" ? "🗃️" : isExternalUrl(href) ? "🔗" : "📄️";
  const description = item.type === "category" ? item.description ?? `${item.items.length} item${item.items.length === 1 ? "" : "s"}` : item.description;
  return (
    <Link to={href} className="doc-card">
      <h2 className="doc-card__title" title={item.label}>
        {icon} {item.label}
      </h2>
      {description && (
        <p className="doc-card__description" title={description}>
          {description}
        </p>
      )}
    </Link>
  );
}
