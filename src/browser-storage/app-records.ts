/**
 * The app's own records in a library file (core/stored-index/binary-format.ts, its `app` block):
 * its chats and settings, and the library order its documents and cluster groups were stored in,
 * which no index record holds. JSON that gives back every number (exact-json.ts), read only here:
 * the CLI carries the block as bytes and writes it back unchanged.
 */
import { parseExact, stringifyExact } from '../core/util/exact-json.ts';
import { LibraryFileError } from './library-file.ts';
import type { StoredChat, StoredSetting } from './records.ts';

const APP_RECORDS_FORMAT = 'loci-app-records';
const APP_RECORDS_VERSION = 1;

export interface AppRecords {
  chats: StoredChat[];
  settings: StoredSetting[];
  /**
   * `added` (the library order) of each document and group by id, as stored. A document the file
   * holds but this does not name (added by the CLI since) takes its original's, or comes last.
   */
  added: { documents: Record<string, number>; groups: Record<string, number> };
}

export function encodeAppRecords(records: AppRecords): Uint8Array {
  const { chats, settings, added } = records;
  return new TextEncoder().encode(stringifyExact({ format: APP_RECORDS_FORMAT, version: APP_RECORDS_VERSION, chats, settings, added }));
}

/** The records, checked for their shape; LibraryFileError when they are not the app's (or are a newer app's). */
export function decodeAppRecords(bytes: Uint8Array): AppRecords {
  let value: unknown;
  try {
    value = parseExact(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw malformed('they are not JSON');
  }
  if (!isObject(value) || value.format !== APP_RECORDS_FORMAT || typeof value.version !== 'number') throw malformed('their format is unknown');
  if (value.version > APP_RECORDS_VERSION) {
    throw new LibraryFileError(`This library file was written by a newer version of Loci (its app records are version ${value.version}, this app reads up to ${APP_RECORDS_VERSION}). Update the app to import it.`);
  }
  const { chats, settings, added } = value;
  if (!Array.isArray(chats) || !chats.every((c) => isObject(c) && typeof c.id === 'string' && Array.isArray(c.messages))) throw malformed('a chat is malformed');
  if (!Array.isArray(settings) || !settings.every((s) => isObject(s) && typeof s.key === 'string')) throw malformed('a setting is malformed');
  if (!isObject(added) || !isAddedMap(added.documents) || !isAddedMap(added.groups)) throw malformed('the library order is malformed');
  return { chats: chats as StoredChat[], settings: settings as StoredSetting[], added: { documents: added.documents, groups: added.groups } };
}

function malformed(reason: string): LibraryFileError {
  return new LibraryFileError(`This Loci library file is damaged or incomplete: the app's records in it are malformed (${reason}).`);
}

function isAddedMap(value: unknown): value is Record<string, number> {
  return isObject(value) && Object.values(value).every((v) => typeof v === 'number');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
