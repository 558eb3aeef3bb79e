import type { AdmonitionType } from "../../core/constants";

/** Simple line icons, one per admonition kind (decorative: the label says the kind). */
const PATHS: Record<AdmonitionType, string> = {
  note: "M6 3.5h8.5L19 8v12.5H6zM14 3.5V8h5M9 12h7M9 15.5h7",
  tip: "M9.5 18h5M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3z",
  info: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5v.5",
  warning: "M12 3.5L21.5 20h-19zM12 10v4.5M12 17.2v.3",
  caution: "M12 3.5L21.5 20h-19zM12 10v4.5M12 17.2v.3",
  danger: "M8.3 3h7.4L21 8.3v7.4L15.7 21H8.3L3 15.7V8.3zM12 7.5v5.5M12 16.2v.3",
  important: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v6.5M12 16.5v.5",
};

export default function AdmonitionIcon({ kind }: { kind: AdmonitionType }) {
  return (
    <svg className="admonition-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[kind]} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
