import type * as pulumi from "@pulumi/pulumi";
import type { Props } from "./engine";

/** One input `check` must refuse, and the property its failure must name. */
export interface BadInput {
  /** What is wrong, for the test title. */
  name: string;
  inputs: Props;
  /** The failure's property (dotted path), e.g. "config.defaultLocale". */
  property: string;
  /** A fragment one failure on that property must hold, e.g. "U+200B ZERO WIDTH SPACE". */
  reason?: string;
}

export interface BadInputCorpus {
  kind: string;
  provider: pulumi.dynamic.ResourceProvider;
  cases: BadInput[];
}
