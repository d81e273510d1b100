// Starting `cards serve` for the browser scripts (play.mjs, i18n.mjs): one starter, so that
// every script runs the server with the same flags.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

/** Starts `bin serve` on a loopback port (a free one when 0) keeping its tables in `db`, with
 * the per-client limits raised for a test that opens many tables; resolves to its address and
 * process, rejects when `bin` is missing, the server exits, or it prints no address in 20 s. */
export function startServer(bin, db, port = 0) {
  if (!existsSync(bin)) return Promise.reject(new Error(`no ${bin}: build it first (cargo build -p cli)`));
  const child = spawn(bin, ["serve", "--bind", `127.0.0.1:${port}`, "--db", db, "--max-requests-per-second", "100000", "--max-opens-per-minute", "100000", "--max-tables-per-client", "64"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok, bad) => {
    let out = "";
    const timer = setTimeout(() => bad(new Error("cards serve printed no address in 20 s")), 20000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = /http:\/\/[0-9.:]+/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok({ child, base: m[0] });
      }
    });
    child.on("exit", (code) => bad(new Error(`cards serve exited with ${code}`)));
  });
}
