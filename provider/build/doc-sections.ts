/**
 * The parts of a doc text (a TSDoc comment, a schema description): its opening text, its `## `
 * sections by title, and the fenced code blocks of a section, as the reference pages arrange them.
 */

/** A doc text cut at its `## ` headings (outside code blocks). */
export interface DocSections {
  /** The text before the first heading. */
  intro: string;
  /** Each section's title and text, in order. */
  sections: { title: string; text: string }[];
}

export function docSections(markdown: string): DocSections {
  const intro: string[] = [];
  const sections: { title: string; lines: string[] }[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^## (.+)$/.exec(line);
    if (heading) sections.push({ title: heading[1]!.trim(), lines: [] });
    else (sections.at(-1)?.lines ?? intro).push(line);
  }
  return { intro: intro.join("\n").trim(), sections: sections.map((s) => ({ title: s.title, text: s.lines.join("\n").trim() })) };
}

/** The text of the section titled `title`, if there is one. */
export function sectionText(doc: DocSections, title: string): string | undefined {
  return doc.sections.find((s) => s.title === title)?.text;
}

/** A section's text as prose and fenced code blocks, in order. */
export type Segment = { prose: string } | { language: string; code: string };

export function segments(text: string): Segment[] {
  const found: Segment[] = [];
  const pattern = /^```(\w*)\n([\s\S]*?)^```$/gm;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const prose = text.slice(last, match.index).trim();
    if (prose) found.push({ prose });
    found.push({ language: match[1]!, code: match[2]!.replace(/\n$/, "") });
    last = match.index + match[0].length;
  }
  const rest = text.slice(last).trim();
  if (rest) found.push({ prose: rest });
  return found;
}
