/**
 * The CPU time of a `pulumi` command and of every process it waited for (its language host, its
 * provider plugins: the engine ends them and reaps them before it exits), as `/usr/bin/time`
 * reports it from the kernel's accounting. On a busy machine wall time grows with everyone else's
 * load; CPU seconds grow with the command's own work, so they tell the doors apart where wall
 * time cannot.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** CPU seconds of one command, user and system. */
export interface CpuTime {
  userS: number;
  systemS: number;
}

/** Where `/usr/bin/time` is, or `undefined` where there is none (the figures are then left out). */
export const TIME_BINARY = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

/**
 * A `pulumi` in `dir` that runs `pulumi` under `/usr/bin/time`, appending each command's CPU time
 * to a file, and the CPU time of the last command run through it.
 */
export function timedPulumi(dir: string, pulumi: string): { binary: string; last(): CpuTime | undefined } {
  if (!TIME_BINARY) return { binary: pulumi, last: () => undefined };
  const log = path.join(dir, "cpu-times.log");
  const binary = path.join(dir, "pulumi");
  fs.writeFileSync(binary, `#!/bin/sh\nexec ${TIME_BINARY} -a -o ${JSON.stringify(log)} -f "%U %S" ${JSON.stringify(pulumi)} "$@"\n`, { mode: 0o755 });
  const last = (): CpuTime | undefined => {
    if (!fs.existsSync(log)) return undefined;
    const line = fs.readFileSync(log, "utf8").trim().split("\n").filter((l) => /^\d/.test(l)).pop();
    const [userS, systemS] = (line ?? "").split(" ").map(Number);
    return userS === undefined || systemS === undefined || Number.isNaN(userS) ? undefined : { userS, systemS };
  };
  return { binary, last };
}
