/**
 * Decoders return a typed result instead of throwing: frames come from radios, and a short or
 * corrupt notification is an everyday event the caller must handle, not an exception.
 */
export type CodecErrorCode =
  /** Fewer bytes than the flags or the page layout require. */
  | 'too_short'
  /** The bytes contradict the layout (wrong op code, odd RR bytes, min above max, ...). */
  | 'malformed'
  /** Well formed, but a page, op code or enumerant this package does not decode. */
  | 'unsupported'
  /** A page-specific decoder was given another page. */
  | 'unexpected_page';

export interface CodecError {
  code: CodecErrorCode;
  message: string;
}

export type DecodeResult<T> = { ok: true; value: T } | { ok: false; error: CodecError };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail(code: CodecErrorCode, message: string): { ok: false; error: CodecError } {
  return { ok: false, error: { code, message } };
}
