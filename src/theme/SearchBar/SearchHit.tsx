import type { ReactNode } from "react";
import { isPlainLeftClick } from "./linkClicks";
import { useSearchModal } from "./searchModalContext";

export interface SearchHitProps {
  hit: { url: string };
  children: ReactNode;
}

/** A hit of the modal: a real link to the hit's URL that routes client-side on a plain click
 * (middle-click, modifier keys and "open in new tab" keep working). */
export default function SearchHit({ hit, children }: SearchHitProps) {
  const { go } = useSearchModal();
  return (
    <a
      href={hit.url}
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
