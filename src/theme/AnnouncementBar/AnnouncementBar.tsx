import { useEffect, useState } from "react";
import { dismissAnnouncement, isAnnouncementDismissed } from "../../core/announcement";
import { useSite } from "../../client/contexts/SiteContext";
import "./AnnouncementBar.css";

/**
 * The optional bar above the navbar. A closeable bar remembers its dismissal
 * (with its id, so a new announcement shows again); ours is not closeable.
 */
export default function AnnouncementBar() {
  const { config, storage } = useSite();
  const bar = config.announcementBar;
  // Shown in the static HTML; a closeable bar hides after hydration if it was dismissed.
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (bar?.isCloseable) setDismissed(isAnnouncementDismissed(storage, bar.id));
  }, [bar, storage]);
  if (!bar || dismissed) return null;
  return (
    <div
      className={`announcement-bar${bar.isCloseable ? " announcement-bar--closeable" : ""}`}
      role="region"
      aria-label="Announcement"
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      <p className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button
          type="button"
          className="announcement-bar__close"
          aria-label="Close announcement"
          onClick={() => {
            dismissAnnouncement(storage, bar.id);
            setDismissed(true);
          }}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      )}
    </div>
  );
}
