import { useId } from "react";
import "./SearchSectionFilter.css";

export interface SearchSectionOption {
  /** The docs-tag facet value ("docs-pg-sql2-current"). */
  tag: string;
  label: string;
}

export interface SearchSectionFilterProps {
  sections: SearchSectionOption[];
  /** Selected tag, or "" for every section. */
  value: string;
  /** Hits per tag for the current query, if known. */
  counts?: Record<string, number>;
  onChange(tag: string): void;
}

/** The search page's section filter (the docs-tag facet). */
export default function SearchSectionFilter({ sections, value, counts, onChange }: SearchSectionFilterProps) {
  const id = useId();
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);
  return (
    <div className="searchSectionFilter">
      <label className="searchSectionFilter__label" htmlFor={id}>
        Section
      </label>
      <select id={id} className="searchSectionFilter__select" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{withCount("All sections", total)}</option>
        {sections.map((section) => (
          <option key={section.tag} value={section.tag}>
            {withCount(section.label, counts ? (counts[section.tag] ?? 0) : undefined)}
          </option>
        ))}
      </select>
    </div>
  );
}
