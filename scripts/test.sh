#!/usr/bin/env bash
# `npm test`: every check in order, stopping at the first that fails. At the end (pass or fail) it
# prints each step's time and a fixed CPU probe from the start and the end of the run, so a slow CI
# run shows which part was slow and whether the machine itself was slow that day (decision 0104).
set -uo pipefail
cd "$(dirname "$0")/.."

# a fixed amount of work (SHA-256 over 64 MiB, one core): its time compares machines and moments
probe() {
  node -e 'const c=require("node:crypto");const b=Buffer.alloc(1<<20,7);const t=process.hrtime.bigint();
for(let i=0;i<64;i++)c.createHash("sha256").update(b).digest();
process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6|0))'
}

started=$SECONDS
probe_start=$(probe)
summary=()
status=0

finish() {
  echo
  echo "== npm test: steps"
  printf '%s\n' "${summary[@]}"
  echo "   CPU probe (SHA-256 of 64 MiB): ${probe_start} ms at the start, $(probe) ms at the end; cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "   total: $((SECONDS - started)) s"
}
trap finish EXIT

step() {
  local name=$1
  shift
  local t0=$SECONDS
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
