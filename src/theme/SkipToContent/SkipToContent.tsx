import "./SkipToContent.css";

export const MAIN_CONTENT_ID = "main-content";

/** The first focusable element: lets keyboard readers jump past the navigation, moving focus to the main content. */
export default function SkipToContent() {
  return (
    <a
      className="skip-to-content"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
