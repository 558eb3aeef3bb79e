import clsx from "clsx";
import { useEffect, useRef, useState } from "react";
import "./CopyButton.css";

/** How long "Copied" shows after a copy. */
const COPIED_MS = 2000;

function copyWithSelection(text: string): void {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    copyWithSelection(text);
  }
}

/** Copies a code block's text; says "Copied" (visibly and to screen readers) when done. */
export default function CopyButton({ getText }: { getText(): string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onClick = async () => {
    await copyText(getText());
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  };
  return (
    <>
      <button
        type="button"
        className={clsx("copy-button", copied && "copy-button--copied")}
        aria-label={copied ? "Copied" : "Copy code to clipboard"}
        title="Copy"
        onClick={() => void onClick()}
      >
        <svg className="copy-button__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          {copied ? (
            <path d="M4 12.5l5 5L20 6.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <path
              d="M8 8V5.5A1.5 1.5 0 0 1 9.5 4h9A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H16M5.5 8h9A1.5 1.5 0 0 1 16 9.5v9a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 4 18.5v-9A1.5 1.5 0 0 1 5.5 8z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          )}
        </svg>
        {copied && <span className="copy-button__label">Copied</span>}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? "Copied" : ""}
      </span>
    </>
  );
}
