/** Account-area path: `/api/v1/accounts/{accountId}/{...segments}` (segments are URL-encoded). */
export function accountPath(accountId: number, ...segments: (string | number)[]): string {
  return [`/api/v1/accounts/${accountId}`, ...segments.map((s) => encodeURIComponent(String(s)))].join("/");
}

/** Platform-area path: `/platform/api/v1/{...segments}`. */
export function platformPath(...segments: (string | number)[]): string {
  return ["/platform/api/v1", ...segments.map((s) => encodeURIComponent(String(s)))].join("/");
}
