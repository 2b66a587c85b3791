import '@mantine/tiptap/styles.css';
import { Button, FileInput, Group, Input, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { api, officeEn, officeJa } from '@mels/domain';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState } from 'react';
import { call } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { fieldErrors, messageOf } from './pages-i18n.ts';
import classes from './pages.module.css';

export type RichTextEditorProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
};

/**
 * The office's rich-text editor (decision 039): Mantine's TipTap editor with the elements the server's
 * allow-list keeps (headings 2–4, bold, italic, underline, strike, lists, quotation, line, links,
 * images uploaded to the site). Loaded on demand: never part of a public page's script.
 */
export default function OfficeRichTextEditor({ label, value, onChange, error }: RichTextEditorProps) {
  const { lang, f } = useI18n();
  const p = (lang === 'en' ? officeEn : officeJa).pages;
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false, code: false, codeBlock: false }),
      Link.configure({ openOnClick: false, protocols: ['mailto', 'tel'] }),
      Image.configure({ inline: false }),
    ],
    // The form mounts the editor once its value is known: the value is read once, at creation.
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        // What the office writes stays in the language it was written in (decision 027).
        'data-user-content': '',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  const [imageOpen, setImageOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const insertImage = async () => {
    if (!editor || !file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const image = await call(api.officePages.uploadImage, { body: form });
      editor.chain().focus().setImage({ src: image.url, alt: alt.trim() }).run();
      setImageOpen(false);
      setFile(null);
      setAlt('');
    } catch (failure) {
      setUploadError(fieldErrors(failure).file?.[0] ?? messageOf(failure, p.errors.imageType));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap={4}>
      <Input.Label id={labelId} required>
        {label}
      </Input.Label>
      <RichTextEditor
        editor={editor}
        labels={p.editor}
        aria-label={f(p.console.editorLabel, label)}
        className={classes.editor}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.Control
              onClick={() => setImageOpen(true)}
              aria-label={p.console.insertImage}
              title={p.console.insertImage}
            >
              <svg
                width="16"
                height="16"
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <circle cx="8.5" cy="10" r="1.5" />
                <path d="M21 16l-5-5-8 8" />
              </svg>
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
      {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
      <Modal
        opened={imageOpen}
        onClose={() => setImageOpen(false)}
        title={p.console.insertImage}
        closeButtonProps={{ 'aria-label': p.console.cancel }}
      >
        <Stack>
          <FileInput
            label={p.fields.file}
            accept="image/png,image/jpeg,image/gif"
            value={file}
            onChange={setFile}
            required
            error={uploadError ?? undefined}
          />
          <TextInput
            label={p.console.imageAlt}
            description={p.console.imageAltHint}
            value={alt}
            onChange={(e) => setAlt(e.currentTarget.value)}
            maxLength={200}
          />
          {uploading ? (
            <Text size="sm" role="status">
              {p.console.imageUploading}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setImageOpen(false)}>
              {p.console.cancel}
            </Button>
            <Button onClick={() => void insertImage()} disabled={!file} loading={uploading}>
              {p.console.insertImage}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
