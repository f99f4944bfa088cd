/**
 * The peak memory of a process and everything it started (a fleet run: the fleet process, each
 * member's `pulumi`, its language host and its provider host), sampled from /proc (Linux): the
 * highest sum of their resident sets seen, and the highest of the root process alone.
 */
import * as fs from "node:fs";
import { descendants } from "../../harness/process-tree";

/** Resident set size of `pid` in bytes, 0 once it is gone. */
function rss(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

export interface MemoryPeaks {
  /** The root process alone. */
  rootBytes: number;
  /** The root and its descendants together. */
  treeBytes: number;
}

/** Samples the tree under each of `roots` every `everyMs` until `stop()`, which gives the peaks. */
export function sampleMemory(roots: () => readonly number[], everyMs = 250): { stop(): MemoryPeaks } {
  const peaks: MemoryPeaks = { rootBytes: 0, treeBytes: 0 };
  const sample = () => {
    let tree = 0;
    for (const root of roots()) {
      const own = rss(root);
      peaks.rootBytes = Math.max(peaks.rootBytes, own);
      tree += own + descendants(root).reduce((sum, pid) => sum + rss(pid), 0);
    }
    peaks.treeBytes = Math.max(peaks.treeBytes, tree);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}
