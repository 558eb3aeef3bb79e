import type { TocItem } from "../../core/types";

export default function TocList({ toc, activeId }: { toc: TocItem[]; activeId?: string }) {
  const minLevel = Math.min(...toc.map((item) => item.level));
  return (
    <ul className="toc__list">
      {toc.map((item) => (
        <li key={item.id} className="toc__item" style={{ paddingLeft: `${(item.level - minLevel) * 0.85}rem` }}>
          <a href={`#${item.id}`} className={`toc__link${item.id === activeId ? " is-active" : ""}`} aria-current={item.id === activeId ? "location" : undefined}>
            {item.value}
          </a>
        </li>
      ))}
    </ul>
  );
}
