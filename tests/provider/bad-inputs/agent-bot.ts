import { truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { resources } from "../../../provider";
import { temporaryDir } from "../../harness/temp-dir";
import type { BadInputCorpus } from "../support/corpus";

// Local files the avatar cases point at: text that is no image, and a (sparse) file over 15 MB.
const dir = temporaryDir("agent-bot-bad-inputs-");
const notAnImage = join(dir, "avatar.png");
writeFileSync(notAnImage, "this is text that merely has a .png name\n");
const tooBig = join(dir, "huge.png");
writeFileSync(tooBig, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
truncateSync(tooBig, 16 * 1024 * 1024);

const valid = { name: "Triage", outgoingUrl: "https://bots.example.test/hook", accountId: 1 };

export const corpus: BadInputCorpus = {
  kind: "AgentBot",
  provider: resources.AgentBot,
  cases: [
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "   " }, property: "name" },
    { name: "description that is not text", inputs: { ...valid, description: 42 }, property: "description" },
    { name: "outgoing URL with another scheme", inputs: { ...valid, outgoingUrl: "ftp://bots.example.test/hook" }, property: "outgoingUrl" },
    { name: "outgoing URL without a scheme", inputs: { ...valid, outgoingUrl: "bots.example.test/hook" }, property: "outgoingUrl" },
    { name: "outgoing URL over 2048 characters", inputs: { ...valid, outgoingUrl: `https://bots.example.test/${"a".repeat(2030)}` }, property: "outgoingUrl" },
    { name: "account id as text", inputs: { ...valid, accountId: "1" }, property: "accountId" },
    { name: "account id zero", inputs: { ...valid, accountId: 0 }, property: "accountId" },
    { name: "avatar URL of a GIF", inputs: { ...valid, avatarUrl: "https://cdn.example.test/bot.gif" }, property: "avatarUrl" },
    { name: "avatar URL that is no URL", inputs: { ...valid, avatarUrl: "bot.png" }, property: "avatarUrl" },
    { name: "avatar file and avatar URL together", inputs: { ...valid, avatar: notAnImage, avatarUrl: "https://cdn.example.test/bot.png" }, property: "avatar" },
    { name: "avatar file that does not exist", inputs: { ...valid, avatar: join(dir, "missing.png") }, property: "avatar" },
    { name: "avatar file that is not an image", inputs: { ...valid, avatar: notAnImage }, property: "avatar" },
    { name: "avatar file over 15 MB", inputs: { ...valid, avatar: tooBig }, property: "avatar" },
    { name: "avatar path that is a directory", inputs: { ...valid, avatar: dir }, property: "avatar" },
    { name: "adopt id as text that is not digits", inputs: { ...valid, adoptId: "bot-17" }, property: "adoptId" },
    { name: "misspelt property", inputs: { ...valid, outgoingURL: "https://bots.example.test/hook" }, property: "outgoingURL" },
    { name: "name with a NUL", inputs: { ...valid, name: "Tri\u0000age" }, property: "name", reason: "U+0000 NULL at position 4" },
    { name: "name with a BEL", inputs: { ...valid, name: "Triage\u0007" }, property: "name", reason: "U+0007 BELL" },
    { name: "name with a zero-width space", inputs: { ...valid, name: "Tri\u200Bage" }, property: "name", reason: "U+200B ZERO WIDTH SPACE at position 4" },
    { name: "name with a right-to-left override", inputs: { ...valid, name: "\u202Eegairt" }, property: "name", reason: "U+202E RIGHT-TO-LEFT OVERRIDE" },
    { name: "name with a byte-order mark inside", inputs: { ...valid, name: "Tri\uFEFFage" }, property: "name", reason: "U+FEFF" },
    { name: "name on two lines", inputs: { ...valid, name: "Tri\nage" }, property: "name", reason: "U+000A LINE FEED" },
    { name: "name of 100,000 characters", inputs: { ...valid, name: "n".repeat(100_000) }, property: "name", reason: "at most 255 characters" },
    { name: "description with a NUL", inputs: { ...valid, description: "Routes\u0000 refunds" }, property: "description", reason: "U+0000 NULL" },
    { name: "description over 10,000 characters", inputs: { ...valid, description: "d".repeat(10_001) }, property: "description", reason: "at most 10000 characters" },
    { name: "outgoing URL with a space after the host", inputs: { ...valid, outgoingUrl: "https://bots.example.test /hook" }, property: "outgoingUrl", reason: "U+0020 SPACE at position 26" },
    { name: "outgoing URL with CR LF after the host", inputs: { ...valid, outgoingUrl: "https://bots.example.test\r\n/hook" }, property: "outgoingUrl", reason: "U+000D CARRIAGE RETURN" },
    { name: "outgoing URL with a space in its path", inputs: { ...valid, outgoingUrl: "https://bots.example.test/my hook" }, property: "outgoingUrl", reason: "U+0020 SPACE" },
    { name: "outgoing URL that does not parse", inputs: { ...valid, outgoingUrl: "https://[bots/hook" }, property: "outgoingUrl", reason: "does not parse" },
    { name: "avatar URL with a tab at its end", inputs: { ...valid, avatarUrl: "https://cdn.example.test/bot.png\t" }, property: "avatarUrl", reason: "U+0009" },
    { name: "unknown scope", inputs: { ...valid, scope: "team" }, property: "scope", reason: "platform, account" },
    { name: "scope in capitals", inputs: { ...valid, scope: "Account" }, property: "scope" },
    { name: "account scope of a system bot", inputs: { ...valid, scope: "account", accountId: null }, property: "accountId", reason: "scope \"platform\"" },
    { name: "account scope with a blank name", inputs: { ...valid, scope: "account", name: " " }, property: "name" },
    { name: "account scope with an ftp outgoing URL", inputs: { ...valid, scope: "account", outgoingUrl: "ftp://bots.example.test/hook" }, property: "outgoingUrl" },
  ],
};
