/** The back-office islands' one move: post to /api/admin, say how it went, show the page again with the new state. */
import { ApiError } from '../api';
import { showToast } from '../toast';

/** How long the success toast is read before the page reloads. */
const READ_MS = 900;

/** Sends (an `unwrap`ped call); on success toasts `done` and reloads; on failure toasts the store's message (or `failed`) and resolves false. */
export async function postAndReload(send: () => Promise<unknown>, done: string, failed: string): Promise<boolean> {
  try {
    await send();
  } catch (error) {
    showToast({ type: 'error', message: error instanceof ApiError && error.message ? error.message : failed });
    return false;
  }
  showToast({ type: 'success', message: done });
  setTimeout(() => window.location.reload(), READ_MS);
  return true;
}
