import type { ReactNode } from "react";
import { addBaseUrl, isExternalUrl } from "../../core/paths";
import { isPlainLeftClick } from "./linkClicks";
import { useSearchModal } from "./searchModalContext";

export interface SearchHitProps {
  hit: { url: string };
  children: ReactNode;
}

/** A hit of the modal: a real link to the hit's URL that routes client-side on a plain click
 * (middle-click, modifier keys and "open in new tab" keep working). Hits are options of the
 * modal's listbox, reached with the arrow keys, so the link itself is not a tab stop. */
export default function SearchHit({ hit, children }: SearchHitProps) {
  const { go, baseUrl } = useSearchModal();
  return (
    <a
      href={isExternalUrl(hit.url) ? hit.url : addBaseUrl(hit.url, baseUrl)}
      tabIndex={-1}
      onClick={(event) => {
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        go(hit.url);
      }}
    >
      {children}
    </a>
  );
}
