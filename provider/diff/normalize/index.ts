/** The diff layer's normalizers: pure functions mapping input and response forms to one compared form. */
export { Json, canonical, sameValue } from "./canonical";
export { PortalConfig, normalizePortalConfig } from "./portal-config";
export { normalizeCustomDomain, normalizeOptionalLink } from "./custom-domain";
export { NormalizedAction, NormalizedCondition, normalizeActions, normalizeConditions } from "./automation";
export { normalizeIdSet } from "./id-set";
export { normalizeColor } from "./color";
export { normalizeTextSet } from "./text-set";
