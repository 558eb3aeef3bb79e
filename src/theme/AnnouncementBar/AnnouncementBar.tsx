import { useEffect, useState } from "react";
import { dismissAnnouncement, isAnnouncementDismissed } from "../../core/announcement";
import { useSite } from "../../runtime/SiteContext";
import "./AnnouncementBar.css";

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
    <div className="announcement-bar" role="region" aria-label="Announcement" style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
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
          ×
        </button>
      )}
    </div>
  );
}
