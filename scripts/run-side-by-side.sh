#!/usr/bin/env bash
# Runs npm scripts at the same time and fails when any of them fails. `npm test` uses it twice so that the
# 2-core CI machine never leaves a core idle: ESLint, tsc and Vite's build (about one core each) together; then,
# after the unit tests (which keep both cores busy by themselves; run beside the first three they took as long
# as the four in a row), the CDK synthesis (one core, bundling one Lambda after another) beside the browser
# tests, which leave about a third of the machine idle while pages wait on timers and the network. Each script's output is printed whole when it ends, under a line with its
# name, outcome and duration, so outputs never interleave.
# Usage: scripts/run-side-by-side.sh <npm script>...
set -uo pipefail

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

declare -A script_of started_at
for script in "$@"; do
  npm run --silent "$script" >"$logs/$script.log" 2>&1 &
  script_of[$!]=$script
  started_at[$!]=$SECONDS
done

failed=()
while [ ${#script_of[@]} -gt 0 ]; do
  wait -n -p finished "${!script_of[@]}"
  status=$?
  script=${script_of[$finished]}
  outcome=$([ "$status" -eq 0 ] && echo passed || echo "failed ($status)")
  echo "── npm run $script: $outcome in $((SECONDS - started_at[$finished])) s"
  cat "$logs/$script.log"
  [ "$status" -eq 0 ] || failed+=("$script")
  unset "script_of[$finished]"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed: ${failed[*]}" >&2
  exit 1
fi
