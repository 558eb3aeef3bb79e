import { useContext, useEffect, type ReactNode } from "react";
import { useLocation } from "../../client/router";
import { PageHeadContext } from "../../client/contexts/PageHeadContext";
import { applyOwnHead } from "../../client/ownHead";
import { ownHeadOf } from "./ownHeadOf";

/**
 * `@docusaurus/Head`: the <title>, <meta>, <link> and <script src> elements
 * given as children go into the page's head. The server render collects them
 * into the page's HTML; in the browser they are laid over the route's head
 * after every navigation (a passive effect runs after the route applied its
 * own head, and again when only the hash changed).
 */
export default function Head({ children }: { children?: ReactNode }) {
  const own = ownHeadOf(children);
  const report = useContext(PageHeadContext);
  if (report) report({ own });
  const { key } = useLocation();
  const signature = JSON.stringify(own);
  useEffect(() => applyOwnHead(own), [signature, key]);
  return null;
}
