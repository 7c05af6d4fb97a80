import { useEffect, useRef } from 'react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';

/**
 * The CodeMirror 6 editor of the JSON view. Loaded only when the JSON view opens, so neither the
 * shopper pages nor the configuration tabs pay for it.
 */
export default function JsonEditor({
  value,
  label,
  describedBy,
  onChange,
  jumpTo,
}: {
  value: string;
  label: string;
  describedBy?: string;
  onChange(text: string): void;
  /** A 1-based line and column to put the cursor on (the located problem). */
  jumpTo?: { line: number; column: number; seq: number } | undefined;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(undefined);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          json(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-label': label,
            'aria-multiline': 'true',
            role: 'textbox',
            dir: 'ltr',
            ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    // The scrolling box is reachable by keyboard too (its content is a text box it scrolls).
    editor.scrollDOM.tabIndex = 0;
    editor.scrollDOM.setAttribute('aria-label', label);
    view.current = editor;
    return () => editor.destroy();
    // The editor is made once; later values come through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !jumpTo) return;
    const line = editor.state.doc.line(Math.min(Math.max(jumpTo.line, 1), editor.state.doc.lines));
    const pos = Math.min(line.from + Math.max(jumpTo.column - 1, 0), line.to);
    editor.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
    editor.focus();
  }, [jumpTo]);

  return <div ref={host} className="config-json__editor" dir="ltr" />;
}
