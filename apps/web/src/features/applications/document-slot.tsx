import {
  AlertTriangle,
  CheckCircle2,
  Download,
  Eye,
  FileText,
  History,
  Loader2,
  Trash2,
  UploadCloud,
  X,
} from 'lucide-react';
import { AlertDialog, Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { focusWasLost } from '../../lib/arrival-focus.ts';
import { returnFocusTo } from '../../lib/return-focus.ts';
import {
  ACCEPT,
  isTooOldToSubmit,
  MAX_BYTES,
  previewKind,
  type SlotState,
  TOO_OLD_NOTE,
} from './kyc-slots.ts';

/** A file's size as people read it: a 300-byte file is not "1 KB", nor 1,023.6 KB "1024 KB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const kb = Math.round(bytes / 1024);
  return kb < 1024 ? `${kb} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A document of the applicant's other application this empty slot can take (ADR 026). */
export interface ReuseOffer {
  /** The button's words, naming the document, the card and the day. */
  text: string;
  fileName: string;
  fileSize: number;
  /** The copy is on its way. */
  busy: boolean;
  onUse: () => void;
}

interface Props {
  type: string;
  label: string;
  hint: string;
  required: boolean;
  state: SlotState;
  disabled: boolean;
  /** The server's documents are still being listed: the drop area waits, and says so. */
  loading?: boolean;
  onFile: (file: File) => void;
  onRejected: (rejection: FileRejection) => void;
  onRemove: () => void;
  /** A refused file's error is dismissed: the slot is empty again (an optional one may stay so). */
  onClear: () => void;
  onDownload: () => void;
  /** The preview is opening: a server document whose file is not here is fetched. */
  onPreview: () => void;
  /** Shown above the drop area while the slot is empty; nothing is copied without its click. */
  offer?: ReuseOffer | undefined;
}

/** One document: a dropzone (one file), then its card with preview, download and remove. */
export function DocumentSlot({
  type,
  label,
  hint,
  required,
  state,
  disabled,
  loading = false,
  onFile,
  onRejected,
  onRemove,
  onClear,
  onDownload,
  onPreview,
  offer,
}: Props) {
  const offerDetailId = useId();
  const [previewOpen, setPreviewOpen] = useState(false);
  const previewButton = useRef<HTMLButtonElement>(null);
  /** Set when the person chooses a file here, so its card can take the focus. */
  const chose = useRef(false);
  const { getRootProps, getInputProps, isDragActive, rootRef } = useDropzone({
    accept: ACCEPT,
    maxSize: MAX_BYTES,
    maxFiles: 1,
    multiple: false,
    disabled,
    onDropAccepted: (files) => {
      if (!files[0]) return;
      chose.current = true;
      onFile(files[0]);
    },
    onDropRejected: (rejections) => rejections[0] && onRejected(rejections[0]),
  });
  // A file refused here (type, size or content) is not kept: the drop area comes back for the
  // next one, with the reason under it. A server document that failed to load keeps its card,
  // whose preview and download fetch it again.
  const refused = state.status === 'error' && !state.original_file_key;
  const hasFile = !refused && state.status !== 'idle' && (state.file_name !== null || state.file !== null);
  // A removed document takes its card, and the focused Remove button, with it (WCAG 2.4.3:
  // focus fell to <body>): the drop area that replaces it gets the focus.
  // The reverse too: the card of a file the person chose here replaces the drop area they were
  // on, and its Preview button gets the focus (not for documents loading from the server).
  const hadFile = useRef(hasFile);
  useEffect(() => {
    const lostFocus = focusWasLost();
    if (hadFile.current && !hasFile && lostFocus) rootRef.current?.focus();
    if (!hadFile.current && hasFile && chose.current && lostFocus) previewButton.current?.focus();
    if (hasFile) chose.current = false;
    hadFile.current = hasFile;
  }, [hasFile, rootRef]);
  // A server image that cannot be decoded shows the file icon, not the browser's broken image.
  const [failedThumb, setFailedThumb] = useState<string | null>(null);
  const thumbFailed = failedThumb !== null && failedThumb === state.previewUrl;
  const tooOld = isTooOldToSubmit(state);

  return (
    <div
      className="relative rounded-xl border border-border p-4"
      data-testid={`kyc-slot-${type}`}
      data-status={state.status}
    >
      <div className="mb-3 flex items-start justify-between gap-2">
        <div>
          {/* h2: the step's title is the page's h1 (axe heading-order: no level skipped). */}
          <h2 className="font-semibold">
            {label}
            {required ? <span className="text-red-600 dark:text-red-400"> *</span> : null}
          </h2>
          <p className="text-xs text-muted-foreground">{hint}</p>
        </div>
        {hasFile && tooOld ? (
          <AlertTriangle
            className="size-5 shrink-0 text-amber-600 dark:text-amber-400"
            aria-label="Too old to submit"
          />
        ) : state.status === 'success' || state.status === 'pending' ? (
          <CheckCircle2
            className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400"
            aria-label="Ready"
          />
        ) : null}
      </div>
      {hasFile ? (
        <div className="flex flex-col gap-3 rounded-lg bg-muted p-3 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            {state.previewUrl && state.mime_type?.startsWith('image/') && !thumbFailed ? (
              <img
                src={state.previewUrl}
                alt=""
                className="size-12 shrink-0 rounded object-cover"
                onError={() => setFailedThumb(state.previewUrl)}
              />
            ) : (
              <FileText className="size-10 shrink-0 text-primary" aria-hidden="true" />
            )}
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{state.file_name ?? state.file?.name}</p>
              <p className="text-xs text-muted-foreground">
                {state.status === 'uploading' ? 'Reading file…' : null}
                {state.status === 'pending' ? (state.needs_upload ? 'Ready to upload' : 'Loading…') : null}
                {state.status === 'success' ? (state.needs_upload ? 'Ready to upload' : 'Uploaded') : null}
                {state.file ? ` · ${formatSize(state.file.size)}` : ''}
              </p>
            </div>
          </div>
          <div className="flex shrink-0 gap-1">
            <button
              ref={previewButton}
              type="button"
              className="btn-ghost px-2.5 py-2"
              onClick={() => {
                setPreviewOpen(true);
                if (!state.previewUrl) onPreview();
              }}
              aria-label={`Preview ${label}`}
            >
              <Eye className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className="btn-ghost px-2.5 py-2"
              onClick={onDownload}
              aria-label={`Download ${label}`}
            >
              <Download className="size-4" aria-hidden="true" />
            </button>
            <RemoveButton label={label} onConfirm={onRemove} disabled={disabled} />
          </div>
        </div>
      ) : null}
      {hasFile && tooOld ? (
        <p
          className="mt-2 text-sm font-medium text-amber-700 dark:text-amber-400"
          data-testid={`kyc-too-old-${type}`}
        >
          {TOO_OLD_NOTE}
        </p>
      ) : null}
      {hasFile ? null : (
        <>
          {offer ? (
            <div
              className="mb-3 rounded-lg border border-primary/30 bg-primary/5 p-3"
              data-testid={`kyc-reuse-${type}`}
            >
              <button
                type="button"
                className="btn-outline h-auto w-full justify-start text-left whitespace-normal"
                disabled={disabled || offer.busy}
                aria-describedby={offerDetailId}
                onClick={offer.onUse}
              >
                {offer.busy ? (
                  <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
                ) : (
                  <History className="size-4 shrink-0 text-primary" aria-hidden="true" />
                )}
                <span className="min-w-0 break-words">{offer.text}</span>
              </button>
              <p id={offerDetailId} className="mt-1.5 text-xs break-words text-muted-foreground">
                {offer.fileName} · {formatSize(offer.fileSize)}. Or choose a new file below.
              </p>
            </div>
          ) : null}
          {/* The file input sits beside the drop area, not inside it, and is hidden from
              assistive technology: inside, it was a second "Upload …" control nested in the
              drop area's button (axe nested-interactive). The drop area opens it on a click,
              Enter or Space. */}
          <input
            {...getInputProps()}
            data-testid={`kyc-input-${type}`}
            aria-label={`Upload ${label}`}
            aria-hidden="true"
            tabIndex={-1}
          />
          <div
            {...getRootProps({
              // The focusable drop area is what a keyboard or screen-reader user reaches: it carries
              // the name (react-dropzone's default role="presentation" left five unnamed stops).
              role: 'button',
              'aria-label': `Upload ${label}: drag and drop or choose a file (JPEG, PNG or PDF, up to 5MB)`,
              'aria-disabled': disabled || undefined,
              'aria-busy': loading || undefined,
              className: `flex ${disabled ? 'cursor-not-allowed' : 'cursor-pointer'} flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed px-4 py-6 text-center transition ${
                isDragActive ? 'border-primary bg-accent' : 'border-border hover:border-primary/60'
              }`,
            })}
          >
            {state.status === 'uploading' || loading ? (
              <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
            ) : (
              <UploadCloud className="size-6 text-primary" aria-hidden="true" />
            )}
            <p className="text-sm font-medium">
              {loading ? 'Checking for documents you uploaded before…' : 'Drag & drop or click to upload'}
            </p>
            <p className="text-xs text-muted-foreground">JPEG, PNG or PDF, up to 5MB</p>
          </div>
        </>
      )}
      {state.status === 'error' && state.error ? (
        <div className="mt-2 flex items-start justify-between gap-3">
          <p role="alert" className="py-1.5 text-sm font-medium text-red-600 dark:text-red-400">
            {state.error}
          </p>
          {refused ? (
            // Without it a refused file held the slot in error, and 'Submit Documents' stays off
            // while any slot errs (spec §5): an optional slot could not be left empty again.
            <button
              type="button"
              className="btn-ghost shrink-0 px-2.5 py-1.5"
              aria-label={`Clear ${label} error`}
              disabled={disabled}
              onClick={() => {
                onClear();
                // The button goes with the error: the drop area takes the focus (WCAG 2.4.3).
                rootRef.current?.focus();
              }}
            >
              <X className="size-4" aria-hidden="true" />
              Clear
            </button>
          ) : null}
        </div>
      ) : null}
      <PreviewDialog
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        state={state}
        label={label}
        onDownload={onDownload}
        onCloseAutoFocus={returnFocusTo(() => previewButton.current)}
      />
    </div>
  );
}

function RemoveButton({
  label,
  onConfirm,
  disabled,
}: {
  label: string;
  onConfirm: () => void;
  disabled: boolean;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          className="btn-ghost px-2.5 py-2 text-red-600 dark:text-red-400"
          aria-label={`Remove ${label}`}
          disabled={disabled}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-bold">Remove document</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
            Are you sure you want to remove this document?
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="btn-outline">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="btn bg-red-600 text-white hover:bg-red-700" onClick={onConfirm}>
              Remove
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Whether the browser shows PDFs inline (false on Chrome for Android, for one). */
function pdfViewerEnabled(): boolean {
  return (globalThis.navigator as { pdfViewerEnabled?: boolean } | undefined)?.pdfViewerEnabled !== false;
}

/**
 * A PDF in the browser's own viewer, which never keeps the focus. Keys pressed inside that
 * viewer stay there (it is the browser's page, not ours), so with the focus in it Escape did
 * not close the preview, and Tab walked the viewer's dozen controls before leaving it. Out of
 * the tab order, and a click into it hands the focus back to the dialog: the pointer still
 * scrolls and clicks the viewer, the viewer's own keys (its page box, its shortcuts) are given
 * up, and Escape, Tab and Close work as in every dialog. The whole file is the slot's Download.
 */
function PdfFrame({ src, title }: { src: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const backToDialog = () => {
      const el = frame.current;
      if (el && document.activeElement === el)
        el.closest<HTMLElement>('[role="dialog"]')?.focus({ preventScroll: true });
    };
    // Focus moving into a frame blurs this window, the frame then being the active element.
    // Taken back during that blur, Chromium still sent the keys to the viewer (the page only
    // believed it had the focus): a task later, the focus really comes back.
    const onBlur = () => {
      clearTimeout(timer);
      timer = setTimeout(backToDialog, 0);
    };
    window.addEventListener('blur', onBlur);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('blur', onBlur);
    };
  }, []);
  return (
    <iframe ref={frame} src={src} title={title} tabIndex={-1} className="h-[70vh] w-full rounded border-0" />
  );
}

function PreviewDialog({
  open,
  onOpenChange,
  state,
  label,
  onDownload,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: SlotState;
  label: string;
  onDownload: () => void;
  /** Opened without a Radix Trigger: focus goes back to the Preview button. */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const kind = previewKind(
    state.file_name ?? state.file?.name ?? null,
    state.mime_type ?? state.file?.type ?? null,
  );
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // A new file (a replacement, or a server file that arrived) gets a fresh try.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new preview address
  useEffect(() => setFailed(false), [state.previewUrl]);
  useEffect(() => {
    if (!open || kind !== 'text' || !state.file) return;
    let live = true;
    state.file
      .text()
      .then((t) => live && setText(t.slice(0, 100_000)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [open, kind, state.file]);

  const unavailable = (
    <div className="flex flex-col items-center gap-4 py-10 text-center">
      <p className="text-sm text-muted-foreground">Preview not available for this file type</p>
      <button type="button" className="btn-primary" onClick={onDownload}>
        <Download className="size-4" aria-hidden="true" /> Download
      </button>
    </div>
  );

  const previewError = (
    <p className="py-10 text-center text-sm text-red-600 dark:text-red-400">
      Preview Error: Could not generate preview for this file.
    </p>
  );
  let body = unavailable;
  if (failed) {
    body = previewError;
  } else if (!state.previewUrl && kind !== 'text' && state.original_file_key) {
    // A server document whose file has not arrived: it is being fetched, or could not be.
    body =
      state.status === 'error' ? (
        previewError
      ) : (
        <p className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading preview…
        </p>
      );
  } else if (!state.previewUrl && kind !== 'text') {
    body = unavailable;
  } else if (kind === 'image' && state.previewUrl) {
    body = (
      <img
        src={state.previewUrl}
        alt={`${label} preview`}
        className="mx-auto max-h-[70vh] max-w-full rounded object-contain"
        onError={() => setFailed(true)}
      />
    );
  } else if (kind === 'pdf' && state.previewUrl && pdfViewerEnabled()) {
    body = <PdfFrame src={state.previewUrl} title={`${label} preview`} />;
  } else if (kind === 'text') {
    body = (
      <pre className="max-h-[70vh] overflow-auto rounded bg-muted p-3 text-xs whitespace-pre-wrap">
        {text ?? '…'}
      </pre>
    );
  }
  // A PDF where the browser has no inline PDF viewer (Chrome on Android, for one) and
  // office documents (an external viewer would need a public URL: KYC files never get
  // one) fall to 'Preview not available for this file type' with the download.

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/70" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-5 shadow-2xl"
        >
          <div className="mb-3 flex items-center justify-between gap-3">
            <Dialog.Title className="truncate font-semibold">{state.file_name ?? label}</Dialog.Title>
            <Dialog.Close className="btn-ghost h-9 w-9 px-0" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Preview of {label}</Dialog.Description>
          {body}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
