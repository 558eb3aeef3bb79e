import type { TocItem } from "../../core/types";

/** Nested headings are indented by a class per depth (a style attribute would not survive a strict Content-Security-Policy). */
export default function TocList({ toc, activeId }: { toc: TocItem[]; activeId?: string }) {
  const minLevel = Math.min(...toc.map((item) => item.level));
  return (
    <ul className="toc__list">
      {toc.map((item) => (
        <li key={item.id} className={`toc__item toc__item--depth-${item.level - minLevel}`}>
          <a href={`#${item.id}`} className={`toc__link${item.id === activeId ? " is-active" : ""}`} aria-current={item.id === activeId ? "location" : undefined}>
            {item.value}
          </a>
        </li>
      ))}
    </ul>
  );
}
