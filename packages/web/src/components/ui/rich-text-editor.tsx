import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Largest pasted or dropped picture kept inline (larger ones belong in the attachments). */
export const INLINE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('The picture could not be read'));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read'));
    reader.readAsDataURL(file);
  });

/** Puts pasted or dropped pictures into the text where they land; answers whether it took them. */
const insertPictures = (editor: Editor | null, files: File[], onTooBig: (file: File) => void): boolean => {
  const pictures = files.filter((f) => f.type.startsWith('image/'));
  if (!editor || pictures.length === 0) return false;
  for (const file of pictures) {
    if (file.size > INLINE_IMAGE_MAX_BYTES) {
      onTooBig(file);
      continue;
    }
    void readAsDataUrl(file).then((src) => editor.chain().focus().setImage({ src, alt: file.name }).run());
  }
  return true;
};

interface Props {
  /** The starting HTML; read when the editor is made (a new text makes a new editor: give it a key). */
  initialHtml: string;
  onChange: (html: string, text: string) => void;
  /** A picture too large to keep in the text (the mail's compose offers it as an attachment). */
  onPictureTooBig: (file: File) => void;
  label: string;
  placeholder: string;
  /** The least height of the text area, in pixels. */
  minHeight?: number;
  testId?: string;
  /** Given the editor once made (null when it goes), for callers that put text in themselves. */
  onEditor?: (editor: Editor | null) => void;
  /** Marks the text as not valid (aria-invalid) and names what describes it (aria-describedby). */
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Rich text as mail carries it (a mail's text, a signature): bold, italic, underline, lists,
 * quotes and links, with pictures pasted or dropped kept inline. Gives HTML and its plain text on
 * every change.
 */
export function RichTextField({
  initialHtml,
  onChange,
  onPictureTooBig,
  label,
  placeholder,
  minHeight = 160,
  testId,
  onEditor,
  invalid,
  describedBy,
}: Props) {
  const { t } = useTranslation('common');
  // Paste and drop are ProseMirror's own props, so they run only on a mounted view; they reach
  // the editor and the latest callback through refs.
  const editorRef = useRef<Editor | null>(null);
  const tooBigRef = useRef(onPictureTooBig);
  tooBigRef.current = onPictureTooBig;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false }),
      Image.configure({ inline: true, allowBase64: true }),
      Placeholder.configure({ placeholder }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      // The editor takes its options again on each render, so these follow the props.
      attributes: {
        'aria-label': label,
        ...(testId && { 'data-testid': testId }),
        ...(invalid && { 'aria-invalid': 'true' }),
        ...(describedBy && { 'aria-describedby': describedBy }),
      },
      handlePaste: (_view, event) =>
        insertPictures(editorRef.current, [...(event.clipboardData?.files ?? [])], tooBigRef.current),
      handleDrop: (_view, event) =>
        insertPictures(editorRef.current, [...(event.dataTransfer?.files ?? [])], tooBigRef.current),
    },
    onUpdate: ({ editor: current }) =>
      onChange(current.getHTML(), current.getText({ blockSeparator: '\n\n' })),
  });

  editorRef.current = editor;

  const onEditorRef = useRef(onEditor);
  onEditorRef.current = onEditor;
  useEffect(() => {
    onEditorRef.current?.(editor);
    return () => onEditorRef.current?.(null);
  }, [editor]);

  const labels = useMemo(
    () => ({
      boldControlLabel: t('richText.bold'),
      italicControlLabel: t('richText.italic'),
      underlineControlLabel: t('richText.underline'),
      bulletListControlLabel: t('richText.bulletList'),
      orderedListControlLabel: t('richText.orderedList'),
      blockquoteControlLabel: t('richText.quote'),
      linkControlLabel: t('richText.link'),
      unlinkControlLabel: t('richText.unlink'),
      linkEditorInputLabel: t('richText.linkAddress'),
      linkEditorInputPlaceholder: 'https://',
      linkEditorSave: t('richText.linkSave'),
      linkEditorExternalLink: t('richText.linkExternal'),
      linkEditorInternalLink: t('richText.linkInternal'),
      undoControlLabel: t('richText.undo'),
      redoControlLabel: t('richText.redo'),
    }),
    [t],
  );

  return (
    <RichTextEditor editor={editor} labels={labels}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={minHeight} />
    </RichTextEditor>
  );
}
