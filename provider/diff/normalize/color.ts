import { asText } from "./coerce";

/**
 * A hex colour in compared form. What is treated as equal, and why: `#1F93FF` and `#1f93ff` (the
 * dashboard writes lower case, programs often upper case; both mean the same colour); surrounding
 * spaces. Anything else is compared as given.
 */
export function normalizeColor(v: unknown): string | null {
  const text = asText(v);
  return text === null ? null : text.trim().toLowerCase();
}
