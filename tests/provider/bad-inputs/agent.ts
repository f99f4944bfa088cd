import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, email: "carol@acme.test", name: "Carol Example", role: "agent", availabilityStatus: "online", autoOffline: false };

export const corpus: BadInputCorpus = {
  kind: "Agent",
  provider: resources.Agent,
  cases: [
    { name: "missing e-mail address", inputs: { ...valid, email: undefined }, property: "email" },
    { name: "e-mail address without @", inputs: { ...valid, email: "carol.acme.test" }, property: "email", reason: "e-mail address" },
    { name: "e-mail address with a space", inputs: { ...valid, email: "carol @acme.test" }, property: "email" },
    { name: "e-mail address with a line break", inputs: { ...valid, email: "carol@acme.test\nbcc@evil.test" }, property: "email" },
    { name: "two e-mail addresses", inputs: { ...valid, email: "carol@acme.test, bob@acme.test" }, property: "email" },
    { name: "e-mail address as a number", inputs: { ...valid, email: 42 }, property: "email" },
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "   " }, property: "name", reason: "must not be blank" },
    { name: "name of two lines", inputs: { ...valid, name: "Carol\nExample" }, property: "name" },
    { name: "name over 255 characters", inputs: { ...valid, name: "c".repeat(256) }, property: "name", reason: "at most 255 characters" },
    { name: "role supervisor (not a Chatwoot role)", inputs: { ...valid, role: "supervisor" }, property: "role", reason: "agent, administrator" },
    { name: "role in capitals", inputs: { ...valid, role: "Administrator" }, property: "role" },
    { name: "role as its enum integer", inputs: { ...valid, role: 1 }, property: "role" },
    { name: "availability away", inputs: { ...valid, availabilityStatus: "away" }, property: "availabilityStatus", reason: "online, busy, offline" },
    { name: "auto-offline as text", inputs: { ...valid, autoOffline: "yes" }, property: "autoOffline" },
    { name: "custom role id zero", inputs: { ...valid, customRoleId: 0 }, property: "customRoleId" },
    { name: "custom role by name", inputs: { ...valid, customRoleId: "Supervisor" }, property: "customRoleId" },
    { name: "password (Chatwoot's API sets none)", inputs: { ...valid, password: "hunter22" }, property: "password", reason: "unknown property" },
    { name: "availability under its request name", inputs: { ...valid, availability: "busy" }, property: "availability", reason: "unknown property" },
    { name: "adopt as text", inputs: { ...valid, adopt: "true" }, property: "adopt" },
  ],
};
