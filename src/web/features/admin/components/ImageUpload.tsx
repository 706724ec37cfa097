import { useMutation } from '@tanstack/react-query';
import { useId, useState, type DragEvent } from 'react';
import type { z } from 'zod';
import type { uploadAnswerSchema } from '../../../../shared/api.js';
import { UPLOAD_MAX_BYTES } from '../../../../shared/images.js';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { Spinner } from '../../../components/Spinner.js';
import { apiFetch } from '../../../lib/api-client.js';

type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/** The shop checks the file is a picture, stores it at several widths and answers the URL to give the product. */
function uploadPicture(file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<UploadAnswer>('/api/uploads', { method: 'POST', body: form });
}

/**
 * A product picture from the admin's computer: dropped on the zone or chosen with the file picker. Once
 * the shop has stored it, `onUploaded` gets its URL; a refusal shows the shop's reason.
 */
export function ImageUpload({ onUploaded }: { onUploaded(url: string): void }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [dragging, setDragging] = useState(false);
  // A file the shop would refuse for its size is not sent at all.
  const [tooLarge, setTooLarge] = useState(false);
  const upload = useMutation({ mutationFn: uploadPicture, onSuccess: ({ url }) => onUploaded(url) });
  const error = tooLarge ? errorMessages.upload.tooLarge : upload.error?.message;

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    const refused = file.size > UPLOAD_MAX_BYTES;
    setTooLarge(refused);
    if (refused) upload.reset();
    else upload.mutate(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    setDragging(true);
  };

  return (
    <div>
      <label htmlFor={inputId} className="label">
        {messages.ui.uploadLabel}
      </label>
      <div
        aria-busy={upload.isPending}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col gap-3 rounded-lg border-2 border-dashed p-4 transition-colors ${
          dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'
        }`}
      >
        <p className="text-sm text-slate-700">{messages.ui.uploadDrop}</p>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          disabled={upload.isPending}
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            send(event.target.files?.[0]);
            // The same file may be chosen again (after a refusal, say).
            event.target.value = '';
          }}
          className="block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-brand-800 disabled:opacity-60"
        />
        <p id={hintId} className="text-xs text-slate-600">
          {messages.ui.uploadHint}
        </p>
        {upload.isPending && <Spinner inline label={messages.ui.uploading} />}
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
