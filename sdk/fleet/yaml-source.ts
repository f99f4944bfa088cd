/**
 * A YAML file read with the place of every value: what the file's errors name (`fleet.yaml:12`).
 * The `yaml` package keeps each node's offsets, which js-yaml does not.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from "yaml";

/** A path into the document: map keys and list indexes. */
export type YamlPath = readonly (string | number)[];

/** A problem of the file at a line. */
export interface LineProblem {
  line: number;
  message: string;
}

/** A parsed YAML file that knows the line of each of its values. */
export class YamlSource {
  private constructor(
    /** The file's name as messages give it. */
    readonly file: string,
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
    /** The document as plain data. */
    readonly value: unknown,
  ) {}

  /**
   * Parses `text`; a syntax error (a duplicate key among them) is returned as problems at their lines.
   * @param file the file's name for messages
   */
  static parse(file: string, text: string): YamlSource | LineProblem[] {
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
    if (doc.errors.length > 0) {
      return doc.errors.map((error) => ({ line: lines.linePos(error.pos[0]).line, message: error.message.split("\n")[0] ?? error.message }));
    }
    return new YamlSource(file, doc, lines, doc.toJS({ maxAliasCount: 100 }));
  }

  /** The line of the value at `path`, or of the nearest enclosing value the file has. */
  lineOf(path: YamlPath): number {
    for (let n = path.length; n >= 0; n--) {
      const node = this.doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      const offset = node?.range?.[0];
      if (offset !== undefined) return this.lines.linePos(offset).line;
      if (n === 0) break;
    }
    return 1;
  }

  /** The line of key `key` in the map at `path` (an unknown key's own line), else the map's. */
  keyLineOf(path: YamlPath, key: string): number {
    const map = path.length === 0 ? this.doc.contents : this.doc.getIn(path, true);
    if (isMap(map)) {
      for (const pair of map.items) {
        if (isScalar(pair.key) && String(pair.key.value) === key && pair.key.range) return this.lines.linePos(pair.key.range[0]).line;
      }
    }
    return this.lineOf(path);
  }

  /** Whether the value at `path` is written as a plain scalar (a literal), not a map or a list. */
  isScalarAt(path: YamlPath): boolean {
    const node = this.doc.getIn(path, true);
    return node !== undefined && !isMap(node) && !isSeq(node);
  }
}
