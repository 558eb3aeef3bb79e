import { useSyncExternalStore } from "react";
import { currentAnnouncement, subscribeAnnouncement } from "./announcer";

const serverMessage = () => "";

/** A visually hidden polite live region: after each client-side navigation it reads out the new page's title. */
export default function RouteAnnouncer() {
  const message = useSyncExternalStore(subscribeAnnouncement, currentAnnouncement, serverMessage);
  return (
    // Off screen but read by screen readers (display: none would silence it); a class, not a style
    // attribute, which a strict Content-Security-Policy would refuse.
    <div id="route-announcer" className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
