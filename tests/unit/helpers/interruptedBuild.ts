// A stand-in for a build: registers its staging folders, says so, and waits to be interrupted.
import { mkdirSync } from "node:fs";
import { removeOnInterrupt } from "../../../src/node/build/leftovers";

const dirs = process.argv.slice(2);
for (const dir of dirs) mkdirSync(dir, { recursive: true });
removeOnInterrupt(dirs);
console.log("ready");
setInterval(() => undefined, 1000);
