import "./SkipToContent.css";

export const MAIN_CONTENT_ID = "main-content";

/** The first focusable element: lets keyboard readers jump past the navigation. */
export default function SkipToContent() {
  return (
    <a className="skip-to-content" href={`#${MAIN_CONTENT_ID}`}>
      Skip to main content
    </a>
  );
}
