/** Number formatting shared by the library, the download dialog and the settings panels. */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** The short name a file's format goes by, from its MIME type ('application/pdf' → 'PDF'). */
export function formatLabel(mime: string): string {
  return FORMAT_LABELS[mime] ?? (mime.split('/')[1] ?? mime).toUpperCase().slice(0, 4);
}

const FORMAT_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/epub+zip': 'EPUB',
  'text/html': 'HTML',
  'text/markdown': 'MD',
  'text/plain': 'TXT',
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/webp': 'WEBP',
};

/** How an encoding is known to people, from its WHATWG name ('gb18030' → 'GBK'). */
export function encodingName(encoding: string): string {
  return ENCODING_NAMES[encoding] ?? encoding.toUpperCase();
}

// GB18030 extends GBK, and a file that decodes as one is, to its reader, "a GBK file".
const ENCODING_NAMES: Record<string, string> = {
  gb18030: 'GBK',
  gbk: 'GBK',
  big5: 'Big5',
  shift_jis: 'Shift_JIS',
  'euc-kr': 'EUC-KR',
  'windows-1252': 'Windows-1252',
  'utf-16le': 'UTF-16',
  'utf-16be': 'UTF-16',
};

/** "512 B", "3.4 MB", "120 MB": one decimal only while it still says something. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

export interface Duration {
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * A remaining time rounded to what a person cares about: seconds under a minute, whole minutes
 * under an hour, hours and minutes beyond. Estimates are rough, so precision would be a lie.
 */
export function roundDuration(totalSeconds: number): Duration {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return { hours: 0, minutes: 0, seconds: Math.max(1, s) };
  // rounded to the minute before splitting off hours, so 2 h 59.5 min reads "3 h 0 min", not "2 h 60 min"
  const minutes = Math.round(s / 60);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60, seconds: 0 };
}

/** Seconds left at a given rate, or undefined when the rate does not allow an estimate. */
export function etaSeconds(loaded: number, total: number, bytesPerSecond: number | undefined): number | undefined {
  if (!bytesPerSecond || bytesPerSecond <= 0 || total <= 0 || loaded >= total) return undefined;
  return (total - loaded) / bytesPerSecond;
}

/** A fraction in 0..1, safe against empty or unknown totals. */
export function fraction(done: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(1, Math.max(0, done / total));
}

export function percent(done: number, total: number): number {
  return Math.round(fraction(done, total) * 100);
}
