import {
  APPLICATION_MESSAGES,
  type ApplicationDocument,
  isWholeDocument,
  type ReusableDocument,
  sniffDocumentType,
} from '@cardwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FileRejection } from 'react-dropzone';
import { useNavigate } from 'react-router';
import { describeError, isApiError, serverReasonOr, sessionEnded } from '../../lib/api-errors.ts';
import { dismissToastError, toastError } from '../../lib/failure-toast.ts';
import { randomUuid } from '../../lib/random-uuid.ts';
import { Notice } from '../layout/notice.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { rememberDocument } from './application-storage.ts';
import {
  fetchDocumentFile,
  fetchDocuments,
  fetchReusableDocuments,
  removeDocument,
  reuseDocument,
  submitStep,
  UnexpectedResponseError,
  uploadDocuments,
} from './applications-api.ts';
import { DocumentSlot, type ReuseOffer } from './document-slot.tsx';
import {
  canSubmitDocuments,
  chosenDocumentsOf,
  documentsHint,
  heldOnServer,
  IDLE,
  isChosenNotSent,
  KYC_SLOTS,
  reuseOfferText,
  type SlotState,
  type SlotType,
} from './kyc-slots.ts';
import { reportFailedSubmission } from './report-failed-submission.ts';
import { isStepOutOfOrder, PREVIOUS_STEP_LABEL, StepHeader } from './step-form.tsx';
import { StepGate } from './step-gate.tsx';
import { useTrackLeaving } from './use-track-leaving.ts';
import { useApplication, useWizard } from './wizard-context.ts';

const initialSlots = () =>
  Object.fromEntries(KYC_SLOTS.map((s) => [s.type, { ...IDLE }])) as Record<SlotType, SlotState>;

/** The toasts about a file chosen in a slot (spec §5), as [title, description]. */
const FILE_TOASTS = {
  tooLarge: ['File too large', 'Maximum file size is 5MB'],
  notRead: ['Upload failed', 'Failed to process file'],
  refused: ['Upload failed', 'Error uploading file'],
} as const;

/**
 * Spec §8 "Download or preview": one line, 'Failed to {action} file: reason', a fetch that got no
 * answer included (the spec words it: 'Failed to fetch file: {message}'); only a session that
 * ended has been reported already.
 */
const failFile = (action: 'preview' | 'download', error: unknown) => {
  if (!sessionEnded(error)) toastError(`Failed to ${action} file: ${describeError(error).message}`);
};

/** KYC Document Upload (spec §2, §4 document slot, §5 file rules). */
export function KycStep() {
  usePageTitle('KYC Document Upload');
  // This step never gated on the card, and words a missing id its own way.
  return (
    <StepGate
      needsCard={false}
      missingId="No application ID found. Please ensure you have started an application."
    >
      {(_app, id) => <KycDocuments id={id} />}
    </StepGate>
  );
}

function KycDocuments({ id }: { id: string }) {
  const { card, base, chosenDocuments, keepChosenDocuments } = useWizard();
  // Mounted once KycStep has the application: it reads that answer.
  const { query, update } = useApplication({ nested: true });
  const navigate = useNavigate();
  const urls = useRef(new Set<string>());
  /**
   * Files chosen here and not sent, then left for another step of the wizard (its Back, to
   * correct the employer): the frame kept them, and they are back as they were, still to send.
   * A confirm on Back instead would have offered only 'lose your files' or 'do not correct'.
   */
  const [kept] = useState(() => (chosenDocuments?.applicationId === id ? chosenDocuments.slots : {}));
  const hintId = useId();
  const [slots, setSlots] = useState(() => {
    const all = initialSlots();
    for (const [type, slot] of Object.entries(kept) as [SlotType, SlotState][]) {
      // The previous visit's preview addresses were revoked when it ended.
      const previewUrl = slot.file ? URL.createObjectURL(slot.file) : null;
      if (previewUrl) urls.current.add(previewUrl);
      all[type] = { ...slot, previewUrl };
    }
    return all;
  });
  const [submitting, setSubmitting] = useState(false);
  /** The slot whose document is being copied from another application (ADR 026). */
  const [reusing, setReusing] = useState<SlotType | null>(null);
  /**
   * The applicant's documents of their other applications that this one's empty slots can take
   * (ADR 026). A failed call offers nothing: the slots take new files as before.
   */
  const reusable = useQuery({
    queryKey: ['applications', id, 'reusable_documents'],
    queryFn: () => fetchReusableDocuments(id),
    retry: false,
    staleTime: 60_000,
  });
  /**
   * Until the server has said which documents it holds, the slots take no file: on a slow
   * network the empty drop areas invited a replacement that the arriving list then overwrote
   * with the stored original, which 'Submit Documents' kept instead of the new file.
   */
  const [listed, setListed] = useState(false);
  const busy = useRef(false);
  const idempotency = useRef<{ signature: string; key: string } | null>(null);
  /** Left while 'Submit Documents' was on its way: its answer does not pull the applicant back. */
  const left = useTrackLeaving();
  /**
   * The types the server holds a document of. Remove only empties a slot (spec §4: Remove resets
   * it to idle); 'Submit Documents' deletes on the server what was removed and not replaced, so
   * leaving the page, or an upload that fails, keeps the original.
   */
  const onServer = useRef(new Set<SlotType>());

  const setSlot = useCallback((type: SlotType, next: SlotState | ((s: SlotState) => SlotState)) => {
    setSlots((all) => ({ ...all, [type]: typeof next === 'function' ? next(all[type]) : next }));
  }, []);
  const objectUrl = useCallback((blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.current.add(url);
    return url;
  }, []);
  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const u of owned) URL.revokeObjectURL(u);
    };
  }, []);
  // A toast about a file chosen here speaks of this step's slots: leaving the step (Back, the
  // review, another page) takes it along, or it lay over the next page's Back for its 5 s.
  useEffect(
    () => () => {
      for (const [title, description] of Object.values(FILE_TOASTS)) dismissToastError(title, description);
    },
    [],
  );

  // Documents already on the server load as pending, then success once their file arrives.
  useEffect(() => {
    let live = true;
    (async () => {
      let docs: ApplicationDocument[];
      try {
        docs = await fetchDocuments(id);
      } catch (e) {
        // Nothing known on the server: the slots take new files.
        if (live) setListed(true);
        if (live && !sessionEnded(e)) {
          toastError(
            'Error',
            isApiError(e)
              ? 'Failed to load documents. Please try again.'
              : 'An unexpected error occurred while loading documents.',
          );
        }
        return;
      }
      const listedDocs = docs.filter((d) => KYC_SLOTS.some((s) => s.type === d.document_type));
      if (!live) return;
      onServer.current = new Set(listedDocs.map((d) => d.document_type as SlotType));
      setListed(true);
      // A slot holding a file chosen and not sent keeps it: 'Submit Documents' replaces the
      // server's copy with it.
      const known = listedDocs.filter((d) => !(d.document_type in kept));
      const unlessChosen = (next: (s: SlotState) => SlotState) => (s: SlotState) =>
        isChosenNotSent(s) ? s : next(s);
      for (const d of known) {
        setSlot(
          d.document_type as SlotType,
          unlessChosen(() => heldOnServer(d)),
        );
      }
      let anyFailed = false;
      let ended = false;
      await Promise.all(
        known.map(async (d) => {
          try {
            const file = await fetchDocumentFile(d.file_url, d.file_name, d.mime_type);
            if (!live) return;
            setSlot(
              d.document_type as SlotType,
              unlessChosen((s) => ({ ...s, status: 'success', file, previewUrl: objectUrl(file) })),
            );
          } catch (e) {
            anyFailed = true;
            ended ||= sessionEnded(e);
            if (live)
              setSlot(
                d.document_type as SlotType,
                unlessChosen((s) => ({ ...s, status: 'error', error: 'Failed to load document' })),
              );
          }
        }),
      );
      if (anyFailed && live && !ended) toastError('Error', 'Failed to load previously uploaded documents');
    })();
    return () => {
      live = false;
    };
  }, [id, setSlot, objectUrl, kept]);

  // The frame keeps what only this page holds (see `kept`), and asks before a reload or a closed
  // tab loses it (keep-chosen-documents.ts).
  useEffect(() => {
    keepChosenDocuments?.(chosenDocumentsOf(id, slots));
  }, [id, slots, keepChosenDocuments]);

  const onFile = async (type: SlotType, file: File) => {
    setSlot(type, { ...IDLE, status: 'uploading', file, file_name: file.name, mime_type: file.type });
    // A 0-byte file has no type to find: said as what it is, not as 'Invalid file type'.
    if (file.size === 0) {
      setSlot(type, (s) => ({ ...s, status: 'error', error: APPLICATION_MESSAGES.emptyFile }));
      return;
    }
    let bytes: Uint8Array;
    try {
      // At most 5 MB (larger files were refused by the drop zone).
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      setSlot(type, (s) => ({ ...s, status: 'error', error: 'Failed to read file content' }));
      return;
    }
    // The server decides by content too; checking here saves a round trip.
    const real = sniffDocumentType(bytes.subarray(0, 8));
    if (!real) {
      setSlot(type, (s) => ({ ...s, status: 'error', error: APPLICATION_MESSAGES.invalidFileType }));
      return;
    }
    if (!isWholeDocument(real, bytes)) {
      setSlot(type, (s) => ({ ...s, status: 'error', error: APPLICATION_MESSAGES.damagedFile }));
      return;
    }
    try {
      const previewUrl = objectUrl(file);
      rememberDocument(type, {
        name: file.name,
        size: file.size,
        type: real,
        preview: null,
        lastModified: file.lastModified,
        uploaded: false,
        timestamp: Date.now(),
      });
      setSlot(type, (s) => ({ ...s, status: 'pending', mime_type: real, needs_upload: true, previewUrl }));
    } catch {
      // The browser could not make a preview address or keep the slot's entry (storage full).
      setSlot(type, (s) => ({ ...s, status: 'error', error: 'Failed to process file' }));
      toastError(...FILE_TOASTS.notRead);
    }
  };

  const onRejected = (type: SlotType, rejection: FileRejection) => {
    const code = rejection.errors[0]?.code;
    if (code === 'file-too-large') {
      setSlot(type, {
        ...IDLE,
        status: 'error',
        file_name: rejection.file.name,
        error: APPLICATION_MESSAGES.fileTooLarge,
      });
      toastError(...FILE_TOASTS.tooLarge);
    } else if (code === 'file-invalid-type') {
      setSlot(type, {
        ...IDLE,
        status: 'error',
        file_name: rejection.file.name,
        error: APPLICATION_MESSAGES.invalidFileType,
      });
    } else {
      setSlot(type, { ...IDLE, status: 'error', error: 'Error uploading file' });
      toastError(...FILE_TOASTS.refused);
    }
  };

  /** Confirmed already (the slot's dialog); the server's copy goes on 'Submit Documents'. */
  const onRemove = (type: SlotType) => {
    setSlot(type, { ...IDLE });
    rememberDocument(type, null);
  };

  /** A server document's file, fetched now when it has not arrived (or failed to). */
  const serverFile = async (type: SlotType): Promise<File | null> => {
    const slot = slots[type];
    if (slot.file || !slot.original_file_key) return slot.file;
    const file = await fetchDocumentFile(
      slot.original_file_key,
      slot.file_name ?? type,
      slot.mime_type ?? '',
    );
    setSlot(type, (s) =>
      s.original_file_key === slot.original_file_key && !s.file
        ? { ...s, status: 'success', error: null, file, previewUrl: objectUrl(file) }
        : s,
    );
    return file;
  };

  /** Opening a preview of a server document whose file is not here yet fetches it. */
  const onPreview = async (type: SlotType) => {
    try {
      await serverFile(type);
    } catch (e) {
      failFile('preview', e);
    }
  };

  const onDownload = async (type: SlotType) => {
    const slot = slots[type];
    try {
      const file = await serverFile(type);
      if (!file) throw new Error('The file is not available.');
      const url = objectUrl(file);
      const a = document.createElement('a');
      a.href = url;
      a.download = slot.file_name ?? file.name;
      document.body.appendChild(a);
      a.click();
      a.remove();
    } catch (e) {
      failFile('download', e);
    }
  };

  /**
   * The applicant's click on an offer: the server copies the file into this application, and the
   * slot then holds it as a document uploaded before (preview, download and remove as for one).
   */
  const onReuse = async (type: SlotType, offer: ReusableDocument): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setReusing(type);
    try {
      let answer: Awaited<ReturnType<typeof reuseDocument>>;
      try {
        answer = await reuseDocument(id, {
          document_type: type,
          from_application_id: offer.from_application_id,
        });
      } catch (e) {
        reportFailedSubmission(
          e,
          refetch,
          'Could not use that document',
          serverReasonOr(e, 'Failed to copy the document. Please try again or choose a new file.'),
        );
        return false;
      }
      const d = answer.documents.find((x) => x.document_type === type);
      if (!d) return false;
      onServer.current.add(type);
      rememberDocument(type, null);
      setSlot(type, heldOnServer(d));
      try {
        const file = await fetchDocumentFile(d.file_url, d.file_name, d.mime_type);
        setSlot(type, (s) =>
          s.original_file_key === d.file_url && !s.file
            ? { ...s, status: 'success', file, previewUrl: objectUrl(file) }
            : s,
        );
      } catch {
        // Held on the server all the same: its card stays, and preview or download fetch it again.
        setSlot(type, (s) =>
          s.original_file_key === d.file_url && !s.file
            ? { ...s, status: 'error', error: 'Failed to load document' }
            : s,
        );
      }
      return true;
    } finally {
      busy.current = false;
      setReusing(null);
    }
  };

  /**
   * Every offer at once, one after another, stopping at the first that fails (its toast says why):
   * four clicks for the four documents of a second application were three too many.
   */
  const onReuseAll = async () => {
    for (const s of KYC_SLOTS) {
      const offer = offerFor(s.type) && reusable.data?.find((o) => o.document_type === s.type);
      if (offer && !(await onReuse(s.type, offer))) return;
    }
  };

  /** The offer for an empty slot, or none (ADR 026). */
  const offerFor = (type: SlotType): ReuseOffer | undefined => {
    const slot = slots[type];
    const empty = slot.status === 'idle' || (slot.status === 'error' && !slot.original_file_key);
    const offer = reusable.data?.find((o) => o.document_type === type);
    if (!listed || !empty || !offer) return undefined;
    return {
      text: reuseOfferText(type, offer),
      fileName: offer.file_name,
      fileSize: offer.file_size,
      busy: reusing === type,
      onUse: () => void onReuse(type, offer),
    };
  };

  const refetch = () => query.refetch();
  const onSubmit = async () => {
    if (busy.current || !canSubmitDocuments(slots, submitting)) return;
    busy.current = true;
    setSubmitting(true);
    try {
      // Step 1 (spec §4): the originals of server documents not changed here must be
      // there; one still loading is fetched now.
      for (const s of KYC_SLOTS) {
        const slot = slots[s.type];
        if (!slot.original_file_key || slot.needs_upload || slot.file) continue;
        try {
          await serverFile(s.type);
        } catch (e) {
          setSlot(s.type, (x) => ({ ...x, status: 'error', error: 'Failed to load document' }));
          if (!sessionEnded(e))
            toastError('Failed to submit documents', 'Failed to load file for submission');
          return;
        }
      }
      const changed = KYC_SLOTS.map((s) => ({ type: s.type, slot: slots[s.type] })).filter(
        (x) => x.slot.needs_upload && x.slot.file,
      );
      if (changed.length) {
        const signature = changed
          .map((c) => `${c.type}:${c.slot.file?.name}:${c.slot.file?.size}:${c.slot.file?.lastModified}`)
          .join('|');
        // A retry of the same files reuses its key: the server stores them once.
        if (idempotency.current?.signature !== signature) {
          idempotency.current = { signature, key: randomUuid() };
        }
        try {
          await uploadDocuments(
            id,
            changed.map((c) => ({ type: c.type, file: c.slot.file as File })),
            idempotency.current.key,
          );
        } catch (e) {
          // A refusal says its own reason (a wrong file, too many uploads: "Please try again in
          // 15 minutes", an application submitted meanwhile), not the bare "Please try again" that
          // a throttled user then obeyed at once, to the same refusal; a fault of the server, or
          // no answer, says the spec's words.
          reportFailedSubmission(
            e,
            refetch,
            'Upload failed',
            e instanceof UnexpectedResponseError
              ? e.message
              : serverReasonOr(e, 'Failed to upload documents. Please try again.'),
          );
          return;
        }
        // Sent: nothing left to keep or to warn about, also for the step change just below.
        keepChosenDocuments?.(null);
        for (const c of changed) {
          onServer.current.add(c.type);
          setSlot(c.type, (s) => ({ ...s, status: 'success', needs_upload: false }));
          rememberDocument(c.type, {
            name: c.slot.file?.name ?? '',
            size: c.slot.file?.size ?? 0,
            type: c.slot.mime_type ?? '',
            preview: null,
            lastModified: c.slot.file?.lastModified ?? 0,
            uploaded: true,
            timestamp: Date.now(),
          });
        }
      }
      // Removed here and not replaced: deleted now that the uploads are in (a replacement's
      // upload has replaced its type's document on the server already).
      for (const type of [...onServer.current]) {
        const slot = slots[type];
        if (slot.status !== 'idle' || slot.original_file_key) continue;
        try {
          await removeDocument(id, type);
        } catch (e) {
          // Gone already (another tab's submit, say): what was wanted.
          if (!(isApiError(e) && e.status === 404)) {
            reportFailedSubmission(e, refetch, 'Failed to submit documents', describeError(e).message);
            return;
          }
        }
        onServer.current.delete(type);
      }
      const flags = Object.fromEntries(
        KYC_SLOTS.map((s) => [
          `${s.type}_uploaded`,
          slots[s.type].status === 'pending' || slots[s.type].status === 'success',
        ]),
      );
      let app: Awaited<ReturnType<typeof submitStep>>;
      try {
        app = await submitStep(id, {
          step: 'document_upload',
          is_completed: true,
          reference_id: query.data?.reference_id,
          data: flags,
        });
      } catch (e) {
        // The uploads are kept: they are this application's, whichever step it is at. Out of
        // order, the step is read again and the failure still said.
        if (isStepOutOfOrder(e)) void refetch();
        reportFailedSubmission(
          e,
          refetch,
          'Failed to submit documents',
          isApiError(e) ? e.message : 'Failed to submit step',
        );
        return;
      }
      update(app);
      // The files are in: a toast about one refused before must not open the review.
      for (const [title, description] of Object.values(FILE_TOASTS)) dismissToastError(title, description);
      if (!left.current) navigate(`${base}/${app.reference_id}/review`, { state: { card } });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  const enabled = canSubmitDocuments(slots, submitting || reusing !== null);
  const offerCount = KYC_SLOTS.filter((s) => offerFor(s.type)).length;
  const hint = enabled || submitting || !listed ? null : documentsHint(slots);
  const reference = query.data?.reference_id ?? '';
  return (
    <div>
      <StepHeader
        title="KYC Document Upload"
        // Chosen files live in this page only (ADR 017): a reload lost them without a word.
        intro="Upload clear copies of your documents: JPEG, PNG or PDF, up to 5MB each, one file per document. A file you choose is kept only on this page until you press Submit Documents."
      />
      {/* grid-cols-1 (minmax(0, 1fr)), not the implicit auto track: a long file name's one
          unbroken line widened the track past the card, and at 390 px the whole page. */}
      {offerCount > 1 ? (
        <Notice as="div" className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <span>You uploaded {offerCount} of these documents for an earlier application.</span>
          <button
            type="button"
            className="btn-outline shrink-0 text-sm"
            disabled={submitting || reusing !== null}
            onClick={() => void onReuseAll()}
          >
            {reusing !== null ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
            Use all {offerCount} documents
          </button>
        </Notice>
      ) : null}
      <div className="grid grid-cols-1 gap-4">
        {KYC_SLOTS.map((s) => (
          <DocumentSlot
            key={s.type}
            type={s.type}
            label={s.label}
            hint={s.hint}
            required={s.required}
            state={slots[s.type]}
            disabled={submitting || !listed || reusing !== null}
            loading={!listed}
            offer={offerFor(s.type)}
            onFile={(f) => void onFile(s.type, f)}
            onRejected={(r) => onRejected(s.type, r)}
            onRemove={() => onRemove(s.type)}
            onClear={() => setSlot(s.type, { ...IDLE })}
            onDownload={() => void onDownload(s.type)}
            onPreview={() => void onPreview(s.type)}
          />
        ))}
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-between">
        <button
          type="button"
          className="btn-outline"
          // Not while copies are being made: 'Use all' would go on copying into a page left behind.
          disabled={reusing !== null}
          onClick={() => navigate(`${base}/${reference}/employment`, { replace: true, state: { card } })}
          aria-label={PREVIOUS_STEP_LABEL}
        >
          Back
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={!enabled}
          aria-describedby={hint ? hintId : undefined}
          onClick={() => void onSubmit()}
        >
          {submitting ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          Submit Documents
        </button>
      </div>
      {hint ? (
        <p
          id={hintId}
          className="mt-2 text-sm text-muted-foreground sm:text-right"
          data-testid="documents-hint"
        >
          {hint}
        </p>
      ) : null}
    </div>
  );
}
