/** A file part of a multipart request, as handlers see it in the parameters. */
export interface UploadedFile {
  readonly kind: "uploaded-file";
  readonly field: string;
  readonly filename: string;
  /** The part's declared Content-Type. */
  readonly type: string;
  readonly size: number;
  /** Hex sha256 of the content: what tests compare, so the bytes need not be kept around in logs. */
  readonly sha256: string;
  readonly data: Buffer;
}

/** How the request log and snapshots describe a file: everything but the bytes. */
export function describeFile(file: UploadedFile): { field: string; filename: string; type: string; size: number; sha256: string } {
  return { field: file.field, filename: file.filename, type: file.type, size: file.size, sha256: file.sha256 };
}
