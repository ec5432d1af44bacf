/**
 * The JavaScript a browser loads for a page of the built app, gzipped: the entry chunk, the
 * page's lazy chunk (found by name), and every chunk they import statically.
 * Usage: node --import tsx apps/web/scripts/route-size.ts LoginPage [OtherChunk ...]
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const assets = path.join(dist, "assets");
const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error("no entry script in dist/index.html; run npm run build -w apps/web");

const staticImports = (file: string) => {
  const code = fs.readFileSync(path.join(assets, file), "utf8");
  // static `import ... from "./x.js"` and bare `import "./x.js"`, not dynamic import("./x.js")
  return [...code.matchAll(/(?:^|[;}\s])import(?:[^"'()]*?from)?\s*["']\.\/([^"']+\.js)["']/g)].map(
    (m) => m[1] as string,
  );
};

function closure(roots: string[]) {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
}

const files = fs.readdirSync(assets);
const pages = process.argv.slice(2).map((name) => {
  const file = files.find((f) => f.startsWith(`${name}-`) && f.endsWith(".js"));
  if (!file) throw new Error(`no chunk named ${name}`);
  return file;
});
const loaded = [...closure([entry, ...pages])].sort();
let raw = 0;
let gz = 0;
for (const file of loaded) {
  const buf = fs.readFileSync(path.join(assets, file));
  const size = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += size;
  console.log(
    `${file.padEnd(40)} ${(buf.length / 1024).toFixed(1).padStart(7)} KB  gzip ${(size / 1024).toFixed(1).padStart(6)} KB`,
  );
}
console.log(
  `${"total".padEnd(40)} ${(raw / 1024).toFixed(1).padStart(7)} KB  gzip ${(gz / 1024).toFixed(1).padStart(6)} KB`,
);
