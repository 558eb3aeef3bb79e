import "./ExternalLinkIcon.css";

/** Marks a link that leaves the site (and opens a new tab), for sighted and screen-reader users alike. */
export default function ExternalLinkIcon() {
  return (
    <>
      <svg className="external-link-icon" viewBox="0 0 24 24" width="13" height="13" aria-hidden="true">
        <path fill="currentColor" d="M14 3h7v7h-2V6.41l-9.29 9.3-1.42-1.42L17.59 5H14V3zM5 5h6v2H6v11h11v-5h2v7H4V5h1z" />
      </svg>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </>
  );
}
