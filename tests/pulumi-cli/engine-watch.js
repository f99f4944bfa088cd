"use strict";
/**
 * Ends a plugin process of the checkout's CLI when its engine is gone. The engine starts each plugin
 * in a process group of its own and kills the group when it closes the plugin; an engine that ends
 * without closing them (`pulumi` killed by a CI job's timeout or for want of memory) leaves them
 * running, serving nobody. Pulumi's own language host checks the engine's address every five
 * minutes for the same reason; this checks it every second: once nothing listens there (the
 * connection is refused), the engine is gone. (Watching the parent process misses an engine that
 * died while the plugin was still starting.)
 */
const net = require("node:net");
const { setTimeout } = require("node:timers");

const INTERVAL_MS = 1000;

/** Calls `onGone` once nothing listens at the engine's `address` (`127.0.0.1:PORT`) any more. */
function watchEngine(address, onGone) {
  const at = address.lastIndexOf(":");
  const port = Number(address.slice(at + 1));
  if (at < 0 || !Number.isInteger(port) || port <= 0) return;
  const host = address.slice(0, at) || "127.0.0.1";
  const later = () => setTimeout(check, INTERVAL_MS).unref();
  function check() {
    const socket = net.connect({ host, port });
    socket.unref();
    let refused = false;
    socket.setTimeout(5000, () => socket.destroy());
    socket.once("connect", () => socket.destroy());
    socket.once("error", (err) => (refused = err.code === "ECONNREFUSED"));
    socket.once("close", () => (refused ? onGone() : later()));
  }
  later();
}

module.exports = { watchEngine };
