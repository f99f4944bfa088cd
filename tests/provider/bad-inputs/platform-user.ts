import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { name: "Olivia Owner", email: "olivia@initech.test", password: "Sup3r-secret!" };

export const corpus: BadInputCorpus = {
  kind: "PlatformUser",
  provider: resources.PlatformUser,
  cases: [
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "missing e-mail", inputs: { ...valid, email: undefined }, property: "email" },
    { name: "e-mail without a domain", inputs: { ...valid, email: "olivia" }, property: "email", reason: "name@domain" },
    { name: "missing password", inputs: { ...valid, password: undefined }, property: "password" },
    { name: "password too short", inputs: { ...valid, password: "A1!a" }, property: "password", reason: "at least 6 characters" },
    { name: "password without a capital", inputs: { ...valid, password: "sup3r-secret!" }, property: "password", reason: "an upper-case letter" },
    { name: "password without a digit or special character", inputs: { ...valid, password: "SuperSecret" }, property: "password", reason: "a digit, a special character" },
    { name: "password over 128 characters", inputs: { ...valid, password: `Aa1!${"x".repeat(130)}` }, property: "password", reason: "at most 128" },
    { name: "password on two lines", inputs: { ...valid, password: "Sup3r\n-secret!" }, property: "password", reason: "U+000A" },
    { name: "display name with a NUL", inputs: { ...valid, displayName: "Oli\u0000via" }, property: "displayName", reason: "U+0000 NULL" },
    { name: "custom attributes as a list", inputs: { ...valid, customAttributes: ["vip"] }, property: "customAttributes" },
    { name: "adopt id that is not digits", inputs: { ...valid, adoptId: "olivia" }, property: "adoptId" },
    { name: "adopt: true (users are adopted by id)", inputs: { ...valid, adopt: true }, property: "adopt" },
  ],
};
