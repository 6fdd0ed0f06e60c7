/** The file input of the case forms and the check the browser can make before sending (the API checks again, by the bytes). */
import { Trans } from '@lingui/react/macro';

const MAX_FILES = 5;
const MAX_BYTES = 5 * 1024 * 1024;
export const CASE_FILE_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf';

export function CaseFilesField({ id }: { id: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Photos or documents (optional)</Trans>
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        <Trans>Up to 5 files, JPEG, PNG, WebP or PDF, at most 5 MB each.</Trans>
      </p>
      <input type="file" id={id} name="files" multiple accept={CASE_FILE_ACCEPT} aria-describedby={`${id}-hint`} />
    </div>
  );
}

/** Whether the chosen files are too many or too big, known before the upload starts. */
export function tooManyOrTooBig(form: HTMLFormElement): boolean {
  const input = form.elements.namedItem('files') as HTMLInputElement | null;
  const files = [...(input?.files ?? [])];
  return files.length > MAX_FILES || files.some((file) => file.size > MAX_BYTES);
}
