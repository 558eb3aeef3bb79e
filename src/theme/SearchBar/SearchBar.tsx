/**
 * The navbar's search button. Tiny on purpose: the modal, @docsearch/react, the engine and the
 * index load only when the reader opens the search (click, Ctrl/Cmd+K, "/") or shows intent
 * (hover, focus, touch), through dynamic import() and fetch.
 */
import { useCallback, useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from "react";
import type { AlgoliaConfig } from "../../core/types";
import { searchPageHref } from "../../core/search/urls";
import { isEditableTarget } from "./linkClicks";
import type { SearchModalProps } from "./SearchModal";
import "./SearchBar.css";

export interface SearchBarProps {
  baseUrl: string;
  /** The docs tag of the docs page being read ("docs-pg-sql2-current"), for contextual search. */
  currentDocsTag?: string;
  /** A hosted index, used instead of the local one when configured. */
  algolia?: AlgoliaConfig;
}

type ModalComponent = ComponentType<SearchModalProps>;

let modalModule: Promise<ModalComponent> | null = null;

/** Loads the modal's code once; a failed load may be retried. */
function loadModal(): Promise<ModalComponent> {
  if (!modalModule) {
    modalModule = import("./SearchModal").then((module) => module.default);
    modalModule.catch(() => {
      modalModule = null;
    });
  }
  return modalModule;
}

/** Starts downloading the index too (the local backend's manifest and records). */
function preloadIndex(baseUrl: string, algolia: AlgoliaConfig | undefined) {
  import("./searchBackend")
    .then(({ getSearchBackend }) => getSearchBackend(baseUrl, algolia).preload())
    .catch(() => undefined);
}

function isApplePlatform(): boolean {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? "";
  return /mac|iphone|ipad|ipod/i.test(platform);
}

export default function SearchBar({ baseUrl, currentDocsTag, algolia }: SearchBarProps) {
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);
  const [Modal, setModal] = useState<ModalComponent | null>(null);
  const [modifierKey, setModifierKey] = useState("Ctrl");
  const button = useRef<HTMLButtonElement>(null);
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    if (isApplePlatform()) setModifierKey("⌘");
  }, []);

  const prefetch = useCallback(() => {
    loadModal().catch(() => undefined);
    preloadIndex(baseUrl, algolia);
  }, [baseUrl, algolia]);

  const openModal = useCallback(
    (query?: string) => {
      setInitialQuery(query);
      setOpen(true);
      loadModal().then(
        (component) => setModal(() => component),
        (error: unknown) => {
          // The modal's code cannot be loaded (offline?): fall back to the search page.
          console.warn("The search modal could not be loaded; opening the search page instead.", error);
          setOpen(false);
          window.location.assign(searchPageHref(baseUrl, query ?? ""));
        },
      );
    },
    [baseUrl],
  );

  const closeModal = useCallback(() => {
    setOpen(false);
    setInitialQuery(undefined);
    // Back to where the reader was, as a dialog should.
    requestAnimationFrame(() => button.current?.focus({ preventScroll: true }));
  }, []);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const isOpen = openRef.current;
      const commandK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key?.toLowerCase() === "k";
      if (isOpen && event.key === "Escape") {
        event.preventDefault();
        closeModal();
        return;
      }
      if (commandK) {
        event.preventDefault();
        if (isOpen) closeModal();
        else openModal();
        return;
      }
      if (!isOpen && event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditableTarget(event.target)) {
        event.preventDefault();
        openModal();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [openModal, closeModal]);

  // Typing a letter on the focused button opens the search with that letter.
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key.length === 1 && /\S/.test(event.key) && event.key !== "/" && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      openModal(event.key);
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="searchBar"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={() => openModal()}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
        onKeyDown={onButtonKeyDown}
      >
        <svg className="searchBar__icon" width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="searchBar__label">Search</span>
        <span className="searchBar__keys" aria-hidden="true">
          <kbd className="searchBar__key">{modifierKey}</kbd>
          <kbd className="searchBar__key">K</kbd>
        </span>
      </button>
      {open && Modal && (
        <Modal baseUrl={baseUrl} currentDocsTag={currentDocsTag} algolia={algolia} initialQuery={initialQuery} onClose={closeModal} />
      )}
    </>
  );
}
