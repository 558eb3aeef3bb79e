import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { javascript } from "@codemirror/lang-javascript";
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { drawSelection, EditorView, keymap, lineNumbers } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { useEffect, useRef, type MutableRefObject } from "react";

export interface EditorHandle {
  getCode(): string;
  setCode(code: string): void;
  focus(): void;
}

/**
 * Lezer's tags mapped to the class names Prism gives the same tokens, so the
 * site's code theme (light and dark, already checked for contrast) colours the
 * editor exactly like the code block it replaces.
 */
const prismClasses = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.moduleKeyword, tags.operatorKeyword, tags.definitionKeyword, tags.null, tags.self], class: "token keyword" },
  { tag: [tags.string, tags.special(tags.string)], class: "token string" },
  { tag: tags.number, class: "token number" },
  { tag: tags.bool, class: "token boolean" },
  { tag: [tags.lineComment, tags.blockComment], class: "token comment" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], class: "token function" },
  { tag: [tags.className, tags.typeName], class: "token class-name" },
  { tag: tags.operator, class: "token operator" },
  { tag: [tags.punctuation, tags.bracket, tags.separator], class: "token punctuation" },
  { tag: tags.regexp, class: "token regex" },
]);

interface EditorProps {
  initialCode: string;
  /** The editor's accessible name. */
  label: string;
  /** Ctrl+Enter (⌘+Enter) runs the code. */
  onRun(): void;
  handleRef: MutableRefObject<EditorHandle | null>;
}

/** A CodeMirror 6 editor for JavaScript; Tab moves focus on (not trapped), so the page stays keyboard-navigable. */
export default function Editor({ initialCode, label, onRun, handleRef }: EditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onRunRef = useRef(onRun);
  onRunRef.current = onRun;
  useEffect(() => {
    const view = new EditorView({
      parent: hostRef.current!,
      state: EditorState.create({
        doc: initialCode,
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          javascript(),
          syntaxHighlighting(prismClasses),
          keymap.of([{ key: "Mod-Enter", run: () => (onRunRef.current(), true) }, ...defaultKeymap, ...historyKeymap]),
          // An explicit tabindex, so checkers see the scrolling editor has keyboard-focusable content.
          EditorView.contentAttributes.of({ "aria-label": label, tabindex: "0" }),
        ],
      }),
    });
    handleRef.current = {
      getCode: () => view.state.doc.toString(),
      setCode: (code) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } }),
      focus: () => view.focus(),
    };
    view.focus();
    return () => {
      handleRef.current = null;
      view.destroy();
    };
    // The editor is made once; Reset changes its text through the handle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <div ref={hostRef} className="playground__editor" />;
}
