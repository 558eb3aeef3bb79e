import "./WrapToggle.css";

/** Switches a code block between scrolling long lines and wrapping them. */
export default function WrapToggle({ wrapped, onToggle }: { wrapped: boolean; onToggle(): void }) {
  return (
    <button type="button" className="wrap-toggle" aria-label="Toggle word wrap" aria-pressed={wrapped} title="Toggle word wrap" onClick={onToggle}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M4 6h16M4 12h12.5a3.5 3.5 0 0 1 0 7H13m0 0l2.5-2.5M13 19l2.5 2.5M4 18h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
