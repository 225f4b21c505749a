// Reading a source file: bytes -> text, refusing what is not UTF-8 C++ source text.
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../report/diagnostic.js';

export interface SourceFile {
  /** Path as given by the user (used in diagnostics). */
  path: string;
  /** Text without the BOM; line endings as in the file. */
  text: string;
  /** The file started with a UTF-8 BOM (written back on output). */
  bom: boolean;
  /** The file uses CRLF line endings (generated lines follow suit). */
  crlf: boolean;
  /**
   * Not UTF-8: read as Latin-1 (one character per byte), where the first such byte is; outputs
   * are written back in Latin-1, so the bytes survive.
   */
  latin1?: { line: number; col: number };
}

export type ReadResult = { ok: true; file: SourceFile } | { ok: false; diagnostic: Diagnostic };

// ignoreBOM: keep the BOM in the decoded text, so it can be noted and written back.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function fail(path: string, message: string, ruleId: string, line = 1, col = 1): ReadResult {
  return { ok: false, diagnostic: { file: path, line, col, severity: 'error', message, ruleId } };
}

/**
 * Decodes bytes read from `path`: UTF-8, else Latin-1 (a comment or string in an older 8-bit
 * encoding; the file says where). Binary input is a diagnostic, never an exception.
 */
export function decodeSource(path: string, bytes: Uint8Array): ReadResult {
  const nul = bytes.indexOf(0);
  if (nul >= 0) return fail(path, `binary file (NUL byte at offset ${nul}); not a source file`, 'input-binary');
  let text: string;
  let latin1: SourceFile['latin1'];
  try {
    text = decoder.decode(bytes);
  } catch {
    latin1 = firstInvalidUtf8(bytes);
    text = Buffer.from(bytes).toString('latin1');
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  if (bom) text = text.slice(1);
  return { ok: true, file: { path, text, bom, crlf: /\r\n/.test(text.slice(0, 4096)), ...(latin1 ? { latin1 } : {}) } };
}

export function readSource(path: string): ReadResult {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot read (${code})`;
    return fail(path, why, 'input-unreadable');
  }
  return decodeSource(path, bytes);
}

/** Position of the first byte that breaks UTF-8, for the diagnostic. */
function firstInvalidUtf8(bytes: Uint8Array): { line: number; col: number } {
  let line = 1;
  let col = 1;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    const len = b < 0x80 ? 1 : b >> 5 === 6 ? 2 : b >> 4 === 14 ? 3 : b >> 3 === 30 ? 4 : 0;
    const valid = len > 0 && i + len <= bytes.length && [...bytes.subarray(i + 1, i + len)].every((c) => c >> 6 === 2);
    if (!valid) return { line, col };
    if (b === 0x0a) {
      line++;
      col = 1;
    } else col++;
    i += len;
  }
  return { line, col };
}
