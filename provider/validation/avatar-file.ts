import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";

/** Largest avatar Chatwoot accepts (its avatar download limit is the same 15 MB). */
export const AVATAR_MAX_BYTES = 15 * 1024 * 1024;

/** Image types an uploaded avatar may have, recognised by their first bytes (as ActiveStorage does). */
const SIGNATURES: readonly { type: string; matches(head: Buffer): boolean }[] = [
  { type: "image/png", matches: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: "image/jpeg", matches: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { type: "image/gif", matches: (h) => /^GIF8[79]a$/.test(h.subarray(0, 6).toString("latin1")) },
  { type: "image/webp", matches: (h) => h.subarray(0, 4).toString("latin1") === "RIFF" && h.subarray(8, 12).toString("latin1") === "WEBP" },
];

/** A local image ready to upload. */
export interface AvatarFile {
  data: Buffer;
  /** MIME type detected from the content (the file name is not trusted). */
  type: string;
  /** Hex sha256 of the content: what decides whether the avatar must be uploaded again. */
  sha256: string;
  filename: string;
}

/** Why a local avatar file cannot be used; the message reads after the property name. */
export class AvatarFileError extends Error {
  override readonly name = "AvatarFileError";
}

const IO_REASONS: Record<string, string> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "is a directory",
  ENOTDIR: "a parent of it is not a directory",
};

/** Reads and checks an avatar image; throws {@link AvatarFileError} saying what is wrong with it. */
export async function readAvatarFile(path: string): Promise<AvatarFile> {
  let data: Buffer;
  try {
    // Size first, so that a huge file is refused without being read.
    const info = await stat(path);
    if (!info.isFile()) throw new AvatarFileError(`"${path}" is not a regular file`);
    if (info.size > AVATAR_MAX_BYTES) {
      throw new AvatarFileError(`"${path}" is ${(info.size / 1024 / 1024).toFixed(1)} MB; an avatar may be at most 15 MB`);
    }
    data = await readFile(path);
  } catch (err) {
    if (err instanceof AvatarFileError) throw err;
    const code = (err as { code?: string }).code;
    throw new AvatarFileError(`cannot read "${path}": ${(code && IO_REASONS[code]) ?? (err as Error).message}`);
  }
  const type = SIGNATURES.find((s) => s.matches(data))?.type;
  if (type === undefined) throw new AvatarFileError(`"${path}" is not a PNG, JPEG, GIF or WebP image (judged by its content)`);
  return { data, type, sha256: createHash("sha256").update(data).digest("hex"), filename: basename(path) };
}
