#!/usr/bin/env bash
# `npm test`: every check in order, stopping at the first that fails. At the end (pass or fail) it
# prints each step's time and two fixed probes from the start and the end of the run, so a slow CI
# run shows which part was slow and whether the machine itself was slow that day (decision 0104).
set -uo pipefail
cd "$(dirname "$0")/.."

# fixed amounts of work on one core, whose times compare machines and moments: SHA-256 over 64 MiB
# (computing), and 50,000 writes of 16 bytes to /dev/null (system calls, which a nested virtual
# machine makes far dearer: 20 µs each on one machine of this kind, where the browser and the
# servers of the tests make many)
probe() {
  node -e 'const c=require("node:crypto"),fs=require("node:fs");const ms=(t)=>Number(process.hrtime.bigint()-t)/1e6|0;
const b=Buffer.alloc(1<<20,7);let t=process.hrtime.bigint();for(let i=0;i<64;i++)c.createHash("sha256").update(b).digest();
const cpu=ms(t);const fd=fs.openSync("/dev/null","w"),s=Buffer.alloc(16);t=process.hrtime.bigint();
for(let i=0;i<50000;i++)fs.writeSync(fd,s);process.stdout.write(`${cpu} ms computing, ${ms(t)} ms in system calls`)'
}

started=$SECONDS
probe_start=$(probe)
summary=()

finish() {
  echo
  echo "== npm test: steps"
  [ ${#summary[@]} -eq 0 ] || printf '%s\n' "${summary[@]}"
  echo "   probe at the start: ${probe_start}; at the end: $(probe)"
  # Linux's figures; elsewhere (macOS) the line says what it could not read
  echo "   cores: $(nproc 2>/dev/null || echo "?"); load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")"
  echo "   total: $((SECONDS - started)) s"
}
trap finish EXIT

step() {
  local name=$1
  shift
  local t0=$SECONDS status
  echo "== ${name}"
  "$@"
  status=$?
  summary+=("   ${name}: $((SECONDS - t0)) s$([ "$status" -ne 0 ] && echo " (failed, exit ${status})")")
  [ "$status" -eq 0 ] || exit "$status"
}

step lint npm run lint
step typecheck npm run typecheck
step build npm run build
step vitest npx vitest run
step e2e npm run e2e
