/**
 * Names of the generated program's objects, derived from natural keys so that a reader recognizes
 * each object (`labelVip`, `teamBilling`) and so that the same account always gets the same names.
 */

/**
 * Words of a natural key: letters (with their combining marks) and decimal digits of any script,
 * everything else a separator. Latin accents are dropped (`Café` → `cafe`); other scripts keep their
 * letters, which are valid in identifiers too. Other numerals (`½`, `²`) are not identifier
 * characters: compatibility decomposition turns most into digits, and the rest separate words.
 */
function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([\p{Ll}\p{Nd}])(\p{Lu})/gu, "$1 $2")
    .split(/[^\p{L}\p{M}\p{Nd}]+/u)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** Words longer keys are cut to: names stay readable, and a cut key still gets a unique name. */
const MAX_WORDS = 8;

/** Words that cannot name a `const`. */
const RESERVED_WORDS = new Set(
  ("break case catch class const continue debugger default delete do else enum export extends false finally for function if import in " +
    "instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface " +
    "package private protected public await arguments eval undefined NaN Infinity").split(" "),
);

/** Hands out unique names: the same requests in the same order always get the same answers. */
export class NameBook {
  private readonly identifiers = new Set<string>();
  private readonly resourceNames = new Set<string>();

  /** @param reserved identifiers the program declares itself, never handed out. */
  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.identifiers.add(name);
  }

  /**
   * A unique camelCase identifier `<prefix><Key>` (e.g. `teamBilling`) and the matching kebab-case
   * Pulumi resource name (`team-billing`); a repeated name gets `2`, `3`, ... appended to both.
   */
  claim(prefix: string, naturalKey: string): { identifier: string; resourceName: string } {
    const parts = [...words(prefix), ...words(naturalKey)].slice(0, MAX_WORDS);
    const base = parts.map((w, i) => (i === 0 ? w : capital(w))).join("") || "object";
    // An identifier starts with a letter (a leading digit or mark cannot), and is no reserved word.
    const safe = /^\p{L}/u.test(base) && !RESERVED_WORDS.has(base) ? base : `_${base}`;
    const kebab = parts.join("-") || "object";
    let identifier = safe;
    let resourceName = kebab;
    for (let n = 2; this.identifiers.has(identifier) || this.resourceNames.has(resourceName); n++) {
      identifier = `${safe}${n}`;
      resourceName = `${kebab}-${n}`;
    }
    this.identifiers.add(identifier);
    this.resourceNames.add(resourceName);
    return { identifier, resourceName };
  }
}
