/// <reference lib="webworker" />
/**
 * OCR worker entry, started by the engine worker when a PDF page has no usable text layer: the
 * page image in, the lines read on it out. Seconds a page, so off the engine worker, which goes on
 * answering questions meanwhile.
 */
import { expose } from 'comlink';
import { OcrService } from './ocr/ocr-service.ts';

expose(new OcrService());
