/** Errors in the page's language when they carry no words of their own (lib/error-message.ts). */
import { errorMessage } from '../lib/error-message.ts';
import { t } from '../i18n/index.svelte.ts';

export function messageOf(error: unknown): string {
  return errorMessage(error, (name) => t(name === 'QuotaExceededError' ? 'error.storageFull' : 'error.noReason'));
}
