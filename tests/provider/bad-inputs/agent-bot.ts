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
    { name: "adopt id as text", inputs: { ...valid, adoptId: "17" }, property: "adoptId" },
    { name: "misspelt property", inputs: { ...valid, outgoingURL: "https://bots.example.test/hook" }, property: "outgoingURL" },
  ],
};
