import "./SearchErrorScreen.css";

/**
 * The modal's "Unable to fetch results" screen, shown over the results area when the index could
 * not be loaded. Same classes as DocSearch's own error screen, so it looks the same.
 */
export default function SearchErrorScreen() {
  return (
    <div className="DocSearch-ErrorScreen searchErrorScreen" role="alert">
      <div className="DocSearch-Screen-Icon">
        <svg width="40" height="40" viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
          <path
            d="M10 6v4.5M10 13.5h.01M8.6 2.9L1.8 14.7a1.6 1.6 0 0 0 1.4 2.4h13.6a1.6 1.6 0 0 0 1.4-2.4L11.4 2.9a1.6 1.6 0 0 0-2.8 0z"
            stroke="currentColor"
            strokeWidth="1.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <p className="DocSearch-Title">Unable to fetch results</p>
      <p className="DocSearch-Help">You might want to check your network connection.</p>
    </div>
  );
}
