import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import { outputsOf } from "../lifecycle/outputs";
import { accountId, httpUrl, name, objectId } from "../validation/fields";
import { DashboardAppWire, frameUrls } from "../wire/dashboard-app";

/** The checks of `DashboardAppArgs` (sdk/dashboard-app.ts, where each argument is documented). */
export const DashboardAppInputs = z.strictObject({
  accountId,
  title: name,
  frameUrls: z.array(httpUrl, { error: "must be a list of http(s) URLs" }).min(1, "must list at least one URL (Chatwoot refuses an app without a frame)"),
  adoptId: objectId.optional(),
});
export type DashboardAppInputs = z.input<typeof DashboardAppInputs>;

/**
 * A dashboard app of an account (`/dashboard_apps`): a tab of the conversation view that shows
 * the given pages in frames; id: the app id. Titles need not be unique: taken over with
 * `adoptId`, and a lost create is recognised by its content.
 */
export const dashboardApp = defineCollectionResource({
  inputs: DashboardAppInputs,
  wire: DashboardAppWire,
  at: { path: "dashboard_apps", show: "member" },
  adoption: { byId: {} },
  content: {
    // `content` is replaced whole: every write sends all frames.
    body: (inputs, keys) => ({
      ...(keys.includes("title") ? { title: inputs.title } : {}),
      ...(keys.includes("frameUrls") ? { content: inputs.frameUrls.map((url) => ({ type: "frame", url })) } : {}),
    }),
    outputs: (base, app) => {
      const { content, ...rest } = app;
      return { ...outputsOf(base, rest), frameUrls: frameUrls(content) };
    },
  },
});
