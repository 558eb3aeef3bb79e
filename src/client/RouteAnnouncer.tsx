import { useSyncExternalStore } from "react";
import { currentAnnouncement, subscribeAnnouncement } from "./announcer";

const serverMessage = () => "";

/** Off screen but read by screen readers (display: none would silence it). */
const visuallyHidden = { position: "absolute", width: 1, height: 1, margin: -1, padding: 0, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap", border: 0 } as const;

/** A visually hidden polite live region: after each client-side navigation it reads out the new page's title. */
export default function RouteAnnouncer() {
  const message = useSyncExternalStore(subscribeAnnouncement, currentAnnouncement, serverMessage);
  return (
    <div id="route-announcer" style={visuallyHidden} aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
